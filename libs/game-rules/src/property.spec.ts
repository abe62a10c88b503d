/**
 * Property test: 10,000 seeded random games (3-27 seats, random selections from ALL selectable roles,
 * random valid actions for humans chosen from their own view, engine-chosen actions for bots, random
 * votes and abstentions) run to results. Checks:
 * - card conservation: players' cards + center (+ the bad-guy pile when a Converter was dealt) are the
 *   selection (+ one Bad Guy) before and after the night (docs/rules.md "Setup and deal");
 * - no step throws except deliberate invalid submissions, which are rejected with a RulesError;
 * - no view holds a card the viewer did not learn (structural checks + one role-name scan per view);
 * - the vote results satisfy docs/rules.md "Votes" and docs/rules.md "Wins", recomputed independently here (protection, Revenge
 *   Voter chains, Stalker, transformations, artifacts);
 * - Revealer announcements are posted at the discussion start; the Mask of Muting mutes its holder;
 * - every result, log entry, announcement, win condition and reason is a listed code (docs/rules.md
 *   "Message codes"), and no view carries a sentence (no `message`, `description` or `winReason` field);
 * - custom roles (docs/rules.md "Custom roles") are in the pool: their holders only continue (`no_action`),
 *   the night log lists them with their order, they win per their team (`werewolf` a wolf, any other label
 *   good), their names and ids leak like any card, and the snapshot cannot change once the game has started.
 *
 * Speed (budget ~60 s on 2 cores): lobbies are built once per (seats, humans) and reused; mostly a few
 * humans per game (each command copies the whole state); every viewer's view is checked after the night
 * (when it holds the most), every human's view during job_choice (the one it acts from), one random viewer
 * at the other phases; violations are collected as strings and asserted once per game (jest's expect is
 * slow).
 */
import fc from 'fast-check';
import { artifactOf } from './artifacts.js';
import { ROLES, SELECTABLE_ROLES } from './catalogue.js';
import { validateChatMessage } from './chat.js';
import { applyCommand, createGame } from './engine.js';
import { isRulesError } from './errors.js';
import { ANNOUNCEMENT_CODES, NIGHT_ACTION_KINDS, NIGHT_MESSAGE_CODES, WIN_CONDITION_CODES, WIN_REASON_CODES } from './messages.js';
import { Rng } from './rng.js';
import { seatPresenceChanged } from './seats.js';
import type { ActionPayload, ActionType, Command, CommandOutcome, CustomRoleInput, GameState, GameView, PlayerState, RoleId, RoleName, Team } from './types.js';
import { playerView } from './view.js';

const GAMES = 10_000;
const NIGHT_CODES = new Set<string>(NIGHT_MESSAGE_CODES);
const KINDS = new Set<string>(NIGHT_ACTION_KINDS);
const SECRET_PLAYER_KEYS = [
  'originalRole', 'currentRole', 'voteTarget', 'artifactId', 'stalkerTarget', 'protectedPlayer', 'finalTeam',
  'convertedBy', 'copiedRole', 'transformedTo', 'shieldedPlayer', 'stalkerMarked', 'isTappedByThing', 'action', 'copyAction',
];
/**
 * The custom roles of every game (docs/rules.md "Custom roles"): a villager, two werewolves (one spelled
 * with a capital), a 'neutral' label (plays good) with a night order, and an inactive one that is dropped.
 */
const CUSTOM: CustomRoleInput[] = [
  { id: 'farmer-1', name: 'Custom Farmer', team: 'villager', abilities: 'Farms.', nightOrder: 0 },
  { id: 'howler-2', name: 'Custom Howler', team: 'werewolf', abilities: 'Howls.', nightOrder: 2 },
  { id: 'shade-3', name: 'Custom Shade', team: 'Werewolf', abilities: 'Hides.', nightOrder: 0 },
  { id: 'drifter-4', name: 'Custom Drifter', team: 'neutral', abilities: 'Drifts.', nightOrder: 5, themeVariants: { generic: { title: 'Drifter', imageUrl: '' } } },
  { id: 'ghost-5', name: 'Custom Ghost', team: 'villager', abilities: 'Gone.', nightOrder: 1, isActive: false },
];
const CUSTOM_ACTIVE = CUSTOM.filter((c) => c.isActive !== false);
const CUSTOM_IDS = CUSTOM_ACTIVE.map((c) => `custom:${c.id}` as RoleId);
/** Custom card -> [name, plays for, is a wolf, night order], recomputed here from RULES section 2. */
const CUSTOM_INFO = new Map(
  CUSTOM_ACTIVE.map((c) => {
    const wolf = c.team.toLowerCase() === 'werewolf';
    return [`custom:${c.id}`, { name: c.name, team: (wolf ? 'bad' : 'good') as Team, wolf, order: c.nightOrder ?? 0 }];
  }),
);
/** A card's name as night results print it, and the card it names (custom names map back to their id). */
const NAME_TO_CARD = new Map<string, string>([...Object.keys(ROLES).map((r) => [r, r] as const), ...[...CUSTOM_INFO].map(([id, i]) => [i.name, id] as const)]);
/** Every role name and custom id or name, longest first so that "Bad Guy Helper" is not read as "Bad Guy". */
const ROLE_RE = new RegExp(
  [...NAME_TO_CARD.keys(), ...CUSTOM_IDS]
    .sort((a, b) => b.length - a.length)
    .map((r) => r.replace(/[-]/g, '\\$&'))
    .join('|'),
  'g',
);
const teamOf = (card: RoleId): Team => CUSTOM_INFO.get(card)?.team ?? ROLES[card as RoleName].team;
const wolfCard = (card: RoleId): boolean => CUSTOM_INFO.get(card)?.wolf ?? ROLES[card as RoleName].isWolf;
/** The full pool of selectable cards (every selectable role at its cap: 30 cards, and the 4 active custom roles). */
const POOL: RoleId[] = [...SELECTABLE_ROLES.flatMap((r) => Array<RoleName>(ROLES[r].maxCount).fill(r)), ...CUSTOM_IDS];
const TARGET_TYPES = new Set<ActionType>([
  'view_player', 'rob_player', 'convert_player', 'copy_role', 'protect_player', 'protect_from_death', 'tap_player',
  'reveal_player', 'target_player', 'assign_artifact',
]);

type Data = NonNullable<NonNullable<PlayerState['actionResult']>['data']>;

function addDataRoles(out: Set<string>, d: Data | undefined): void {
  if (!d) return;
  for (const s of d.seen ?? []) out.add(s.role);
  for (const r of [d.newRole, d.finalRole, d.originalRole, d.copiedRole, d.convertedTo, ...(d.badGuyPileCards ?? [])]) {
    if (r) out.add(r);
  }
}

/** Role names the viewer has learned: own card, night information, own results. */
function entitledRoles(p: PlayerState, v: GameView): Set<string> {
  const out = new Set<string>();
  const me = v.me;
  if (p.originalRole) out.add(p.originalRole);
  if (me?.copiedRole) out.add(me.copiedRole);
  const info = me?.nightInfo;
  for (const b of info?.badGuys ?? []) out.add(b.role);
  if (info?.roleLookers) out.add('Role Looker');
  if (info?.mutualKnowers) out.add('Mutual Knowers');
  addDataRoles(out, me?.immediateResult?.data);
  addDataRoles(out, me?.actionResult?.data);
  return out;
}

/** Structural leak checks of one viewer's view before results (built here unless given); adds violations. */
function viewViolations(s: GameState, p: PlayerState, bad: string[], view?: GameView): void {
  const fail = (what: string): void => {
    bad.push(`${s.phase} ${p.userId} (${p.originalRole}): ${what}`);
  };
  const v = view ?? playerView(s, p.userId);
  const g = v.game;
  if (g.centerCards !== null || g.seed !== null || g.nightLog !== null || g.voteResults !== null) fail('game secrets');
  for (const other of v.players) for (const k of SECRET_PLAYER_KEYS) if (k in other) fail(`${other.userId}.${k}`);
  const me = v.me;
  if (!me || me.userId !== p.userId || me.originalRole !== p.originalRole) return fail('me');
  const afterNight = s.phase !== 'job_choice' && s.phase !== 'role_deal';
  if ((me.actionResult === null) !== (!afterNight || p.actionResult === null)) fail('me.actionResult presence');
  if (!afterNight && (me.stalkerMarked || me.isTappedByThing || me.artifactId !== null)) fail('notices before the night');
  if (me.artifactId !== null && me.artifactId !== p.artifactId) fail('artifact');
  if (me.artifactId !== null && me.actionResult?.data?.artifact !== p.artifactId) fail('artifact not learned');
  const known = me.knownCurrentRole;
  if (known !== null && known !== p.actionResult?.data?.newRole && known !== p.actionResult?.data?.finalRole) fail('knownCurrentRole not learned');
  if (me.action && me.action !== null && JSON.stringify(me.action) !== JSON.stringify(p.actionData)) fail('me.action');
  const json = JSON.stringify({ ...v, game: { ...g, selectedRoles: [], customRoles: [] } });
  if (s.seed && json.includes(s.seed)) fail('seed string');
  // docs/rules.md "Transformation secrecy": no transformation of a seen or received card before the results.
  if (/ransformedTo|turned into/.test(JSON.stringify(me))) fail('transformation in me');
  // docs/rules.md "Message codes": views carry codes, never sentences.
  if (/"(message|description|winReason|winCondition)":/.test(json)) fail('a sentence field');
  const entitled = entitledRoles(p, v);
  for (const m of json.matchAll(ROLE_RE)) if (!entitled.has(NAME_TO_CARD.get(m[0]) ?? m[0])) fail(`role ${m[0]}`);
  if (s.phase === 'job_choice' && CUSTOM_INFO.has(p.originalRole as string) && !p.hasSubmitted && me.allowedActions.join() !== 'no_action') {
    fail('a custom role holder may only continue');
  }
}

/** A random valid payload for one of the allowed types, built from the viewer's own view only. */
function randomAction(v: GameView, rng: Rng): ActionPayload {
  const me = v.me as NonNullable<GameView['me']>;
  const type = rng.pick(me.allowedActions);
  const targets = me.validTargets?.[type] ?? [];
  if (TARGET_TYPES.has(type)) {
    const a: ActionPayload = { type, targetUserId: rng.pick(targets) };
    if (type === 'assign_artifact' && rng.chance(0.3)) a.artifactId = 'claw_of_the_werewolf'; // ignored by the engine
    return a;
  }
  switch (type) {
    case 'view_center': {
      const [a, b] = rng.sample([0, 1, 2], 2) as [number, number];
      return { type, positions: [a, b] };
    }
    case 'view_center_card':
      return { type, centerIndex: rng.int(3) };
    case 'swap_center':
      return rng.chance(0.2) ? { type } : { type, centerIndex: rng.int(3) };
    case 'swap_players': {
      const [a, b] = rng.sample(targets, 2) as [string, string];
      return { type, player1UserId: a, player2UserId: b };
    }
    case 'investigate_players':
      return { type, targetUserIds: rng.sample(targets, targets.length >= 2 && rng.chance(0.5) ? 2 : 1) };
    case 'view_and_swap':
      return { type, centerIndex: rng.int(3), targetUserId: rng.pick(targets) };
    case 'shift_cards':
      return { type, direction: rng.chance(0.5) ? 'left' : 'right' };
    default:
      return { type };
  }
}

/** A payload that docs/rules.md "Submitting actions" rejects for this viewer now. */
function invalidAction(s: GameState, v: GameView, rng: Rng): ActionPayload {
  const me = v.me as NonNullable<GameView['me']>;
  const all: ActionType[] = ['view_player', 'rob_player', 'convert_player', 'copy_role', 'tap_player', 'shift_cards', 'view_center', 'pass'];
  const notAllowed = all.filter((t) => !me.allowedActions.includes(t));
  const targeted = me.allowedActions.filter((t) => TARGET_TYPES.has(t));
  const options: ActionPayload[] = [{ type: 'fly' as ActionType }];
  if (notAllowed.length > 0) options.push({ type: rng.pick(notAllowed), targetUserId: rng.pick(s.players).userId, direction: 'left', positions: [0, 1] });
  if (targeted.length > 0) options.push({ type: rng.pick(targeted), targetUserId: 'ghost' });
  if (me.allowedActions.includes('view_center')) options.push({ type: 'view_center', positions: [1, 3] });
  if (me.allowedActions.includes('investigate_players')) options.push({ type: 'investigate_players', targetUserIds: s.players.slice(0, 3).map((p) => p.userId) });
  if (me.allowedActions.includes('shift_cards')) options.push({ type: 'shift_cards', direction: 'up' as 'left' });
  if (me.allowedActions.includes('tap_player') && s.players.length > 3) {
    const near = new Set(me.validTargets?.tap_player ?? []);
    const far = s.players.find((p) => p.userId !== me.userId && !near.has(p.userId));
    if (far) options.push({ type: 'tap_player', targetUserId: far.userId });
  }
  return rng.pick(options);
}

/** Independent recomputation of docs/rules.md "Votes" and docs/rules.md "Wins" (final identity included). */
function voteViolations(s: GameState, bad: string[]): void {
  const r = s.voteResults;
  if (!r) return void bad.push('no vote results');
  const fail = (what: string) => bad.push(`votes: ${what}`);
  const byId = new Map(s.players.map((p) => [p.userId, p]));
  const counts = new Map(s.players.map((p) => [p.userId, 0]));
  for (const p of s.players) if (p.voteTarget) counts.set(p.voteTarget, (counts.get(p.voteTarget) ?? 0) + 1);
  if (JSON.stringify(r.voteCount) !== JSON.stringify(Object.fromEntries(counts))) fail('voteCount');
  const protectedIds = new Set(s.players.map((p) => p.protectedPlayer).filter((x): x is string => !!x));
  const elim = new Set<string>();
  const levels = [...new Set(counts.values())].filter((c) => c >= 2).sort((a, b) => b - a);
  for (const level of levels) {
    const hit = [...counts].filter(([id, c]) => c === level && !protectedIds.has(id)).map(([id]) => id);
    if (hit.length > 0) {
      hit.forEach((id) => elim.add(id));
      break;
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of [...elim]) {
      const p = byId.get(id) as PlayerState;
      if (p.currentRole === 'Revenge Voter' && p.voteTarget && !elim.has(p.voteTarget) && !protectedIds.has(p.voteTarget)) {
        elim.add(p.voteTarget);
        grew = true;
      }
    }
  }
  const got = new Set(r.eliminatedPlayers.map((e) => e.userId));
  if (got.size !== elim.size || [...elim].some((id) => !got.has(id))) fail(`eliminated ${[...got]} expected ${[...elim]}`);
  for (const e of r.eliminatedPlayers) if (e.role !== byId.get(e.userId)?.currentRole) fail('eliminated role');
  for (const id of elim) if (protectedIds.has(id)) fail('protected player eliminated');

  const ident = (p: PlayerState): { win: RoleId; team: Team; wolf: boolean } => {
    const art = artifactOf(p.artifactId);
    if (art?.winRole) return { win: art.winRole, team: art.team as Team, wolf: art.isWolf };
    const win = p.transformedTo ?? (p.currentRole as RoleId);
    return { win, team: teamOf(win), wolf: wolfCard(win) };
  };
  const wolves = s.players.filter((p) => ident(p).wolf);
  const wolfOut = wolves.some((p) => elim.has(p.userId));
  const seOut = s.players.some((p) => ident(p).win === 'Self-Eliminator' && elim.has(p.userId));
  const goodWins = wolfOut || (wolves.length === 0 && elim.size === 0);
  const winners = new Set(r.winners);
  for (const p of s.players) {
    const id = ident(p);
    let expected: boolean;
    if (id.win === 'Self-Eliminator') expected = elim.has(p.userId);
    else if (id.win === 'Stalker') expected = !!p.stalkerTarget && elim.has(p.stalkerTarget);
    else if (id.team === 'good') expected = goodWins;
    else if (id.team === 'bad') expected = wolves.length > 0 ? !wolfOut && !seOut : !seOut && [...elim].some((e) => e !== p.userId);
    else expected = false;
    if (winners.has(p.userId) !== expected) fail(`${p.userId} (${id.win}) winner=${winners.has(p.userId)} expected ${expected}`);
    if (r.playerResults.find((x) => x.userId === p.userId)?.isWinner !== expected) fail(`${p.userId} playerResults`);
  }
  if (r.winningTeams.includes('good') !== goodWins) fail('winningTeams good');
}

/** The phase, read without TypeScript's narrowing (the state changes inside `apply`). */
const phaseOf = (s: GameState): string => s.phase;

const multiset = (cards: Array<RoleId | null>) => cards.map(String).sort().join('|');

/** Lobbies with `humans` humans and `seats - humans` bots, built once and reused (states are immutable). */
const lobbies = new Map<string, GameState>();
function lobbyFor(seats: number, humans: number): GameState {
  const key = `${seats}:${humans}`;
  let s = lobbies.get(key);
  if (s) return s;
  s = createGame({ id: 'g', roomCode: 'PROP01', hostId: 'h0', hostDisplayName: 'Human 0', now: 1_000 });
  for (let i = 1; i < humans; i++) s = applyCommand(s, { type: 'join', userId: `h${i}`, displayName: `Human ${i}` }, { now: 1_000, seed: 'x' }).state;
  for (let b = 0; b < seats - humans; b++) s = applyCommand(s, { type: 'add_bot', userId: 'h0', botUserId: `b${b}` }, { now: 1_000, seed: `bot${b}` }).state;
  s = applyCommand(s, { type: 'set_custom_roles', roles: CUSTOM }, { now: 1_000, seed: 'x' }).state;
  lobbies.set(key, s);
  return s;
}

/** Plays one game to results; returns the violations found (empty: the game satisfied every property). */
function playGame(seats: number, humansWanted: number, gameSeed: string, driverSeed: number): string[] {
  const bad: string[] = [];
  const rng = new Rng(`driver-${driverSeed}`);
  let now = 1_000;
  const humans = Math.max(1, Math.min(seats, humansWanted));
  let s = lobbyFor(seats, humans);
  const apply = (cmd: Command): CommandOutcome => {
    const out = applyCommand(s, cmd, { now, seed: gameSeed });
    s = out.state;
    return out;
  };
  // somebody watches every game (docs/rules.md "Spectators"): checked with every viewer below
  apply({ type: 'spectate', userId: 'watcher', displayName: 'Watcher' });
  apply({ type: 'update_role_selection', userId: 'h0', roles: rng.sample(POOL, seats + 3) });
  if (rng.chance(0.3)) apply({ type: 'update_seating', userId: 'h0', newSeatingOrder: rng.shuffle(s.players.map((p) => p.userId)) });
  apply({ type: 'start_game', userId: 'h0' });
  const converter = s.players.some((p) => p.originalRole === 'Bad Guy Converter');
  const deck = multiset([...s.selectedRoles, ...(converter ? (['Bad Guy'] as RoleId[]) : [])]);
  // The snapshot is frozen from the deal on (docs/rules.md "Custom roles"): an edit is rejected, nothing changes.
  if (rng.chance(0.05)) {
    const before = JSON.stringify(s);
    try {
      applyCommand(s, { type: 'set_custom_roles', roles: CUSTOM.map((c) => ({ ...c, team: 'werewolf' })) }, { now, seed: gameSeed });
      bad.push('custom roles changed after the start');
    } catch (e) {
      if (!isRulesError(e) || e.code !== 'GAME_IN_PROGRESS') bad.push(`custom roles: ${String(e)}`);
    }
    if (JSON.stringify(s) !== before) bad.push('rejected custom roles changed the state');
  }
  if (s.centerCards.length !== (converter ? 4 : 3)) bad.push('bad-guy pile');
  const humanIds = s.players.filter((p) => !p.isBot).map((p) => p.userId);
  // A spectator's view is a stranger's view (no card, no action, no result, no seed) until the results.
  const checkSpectator = () => {
    const v = playerView(s, 'watcher');
    if (v.me !== null || v.spectating !== true || v.game.spectatorCount !== 1) bad.push('spectator view shape');
    const { spectating: _, ...rest } = v;
    if (JSON.stringify(rest) !== JSON.stringify(playerView(s, 'nobody-at-all'))) bad.push('spectator view differs from a stranger view');
    if (s.phase !== 'results') {
      if (v.game.seed !== null || v.game.centerCards !== null || v.game.nightLog !== null || v.game.voteResults !== null) bad.push('spectator sees secrets');
      for (const p of v.players) if (p.originalRole !== undefined || p.currentRole !== undefined || p.voteTarget !== undefined || p.artifactId !== undefined) bad.push('spectator sees a card');
    }
  };
  const checkAll = () => {
    for (const p of s.players) viewViolations(s, p, bad);
    checkSpectator();
  };
  const checkOne = () => {
    viewViolations(s, rng.pick(s.players), bad);
    checkSpectator();
  };
  let reveals = 0;

  for (let guard = 0; guard < 40 && s.phase !== 'results'; guard++) {
    now += 1_000 + rng.int(5_000);
    switch (s.phase) {
      case 'role_deal':
      case 'role_resolve':
        checkOne();
        for (const id of rng.shuffle(humanIds)) {
          if (s.phase !== 'role_deal' && s.phase !== 'role_resolve') break;
          const out = apply({ type: 'ready_next_phase', userId: id });
          if (phaseOf(s) === 'discussion') {
            const msgs = out.systemMessages;
            if (msgs.length !== reveals || msgs.some((m) => m.kind !== 'revealer_announcement')) bad.push(`announcements ${msgs.length}/${reveals}`);
          }
        }
        break;
      case 'job_choice': {
        if (multiset([...s.players.map((p) => p.currentRole), ...s.centerCards]) !== deck) bad.push('cards before the night');
        checkOne();
        // Sometimes a human leaves at nightfall: the seat is held, then the autopilot plays it (docs/rules.md
        // "Seat hold and autopilot"); its moves and results must leak like nobody else's.
        let away: string | null = null;
        if (humanIds.length > 1 && rng.chance(0.25)) {
          away = rng.pick(humanIds);
          s = structuredClone(s);
          (s.players.find((p) => p.userId === away) as PlayerState).connections = 0;
          seatPresenceChanged(s, away, false, now);
        }
        for (const id of rng.shuffle(humanIds)) {
          if (id === away) continue;
          // A Role Copier submits twice when the copied role has a choice.
          for (let k = 0; k < 2 && s.phase === 'job_choice'; k++) {
            const me = s.players.find((p) => p.userId === id) as PlayerState;
            if (me.hasSubmitted) break;
            const v = playerView(s, id);
            viewViolations(s, me, bad, v);
            if (!v.me || v.me.allowedActions.length === 0) {
              bad.push(`${id} has nothing allowed`);
              break;
            }
            if (rng.chance(0.05)) {
              const before = rng.chance(0.2) ? JSON.stringify(s) : null;
              const wrong = invalidAction(s, v, rng);
              try {
                applyCommand(s, { type: 'submit_action', userId: id, action: wrong }, { now, seed: gameSeed });
                bad.push(`accepted invalid ${JSON.stringify(wrong)} for ${me.originalRole}`);
              } catch (e) {
                if (!isRulesError(e)) throw e;
              }
              if (before !== null && JSON.stringify(s) !== before) bad.push('rejected action changed the state');
            }
            apply({ type: 'submit_action', userId: id, action: randomAction(v, rng) });
          }
        }
        if (away !== null && s.phase === 'job_choice') {
          const held = s.players.find((p) => p.userId === away)?.seatHeldUntil;
          if (typeof held !== 'number') bad.push('no seat hold');
          else {
            now = held;
            apply({ type: 'deadline' });
            if (s.players.find((p) => p.userId === away)?.autopilot !== true && phaseOf(s) !== 'results') bad.push('no autopilot');
          }
        }
        if (phaseOf(s) !== 'role_resolve') {
          bad.push(`night not resolved: ${s.phase}`);
          return bad;
        }
        if (multiset([...s.players.map((p) => p.currentRole), ...s.centerCards]) !== deck) bad.push('cards after the night');
        const copies = s.players.filter((p) => p.copyActionData !== null).length;
        if (s.nightLog.length !== seats + copies) bad.push('night log length');
        for (const e of s.nightLog) {
          const custom = CUSTOM_INFO.get(e.role);
          if (custom && (e.action.type !== 'no_action' || e.order !== custom.order || e.kind !== 'no_action' || e.result.length !== 0)) bad.push(`night log of ${e.role}`);
        }
        reveals = s.nightLog.filter((e) => e.action.type === 'reveal_player').length;
        for (const p of s.players) for (const m of p.actionResult?.lines ?? []) if (!NIGHT_CODES.has(m.code)) bad.push(`result code ${m.code}`);
        for (const e of s.nightLog) {
          if (!KINDS.has(e.kind)) bad.push(`night log kind ${e.kind}`);
          for (const m of e.result) if (!NIGHT_CODES.has(m.code)) bad.push(`night log code ${m.code}`);
        }
        for (const a of s.announcements) if (!(ANNOUNCEMENT_CODES as readonly string[]).includes(a.code)) bad.push(`announcement ${a.code}`);
        checkAll();
        break;
      }
      case 'discussion': {
        const speaker = rng.pick(humanIds);
        const muted = artifactOf(s.players.find((p) => p.userId === speaker)?.artifactId)?.mutes === true;
        try {
          validateChatMessage(s, speaker, 'hello');
          if (muted) bad.push('Mask of Muting holder could chat');
        } catch (e) {
          if (!muted || !isRulesError(e) || e.code !== 'MUTED') bad.push(`chat: ${String(e)}`);
        }
        const mode = rng.int(3);
        if (mode === 0) {
          for (const id of humanIds) if (phaseOf(s) === 'discussion') apply({ type: 'ready_next_phase', userId: id });
        } else {
          now = s.deadlineAt as number;
          apply(mode === 1 ? { type: 'force_discussion_end', userId: rng.pick(humanIds) } : { type: 'deadline' });
        }
        break;
      }
      case 'vote': {
        checkOne();
        for (const id of rng.shuffle(humanIds)) {
          if (s.phase !== 'vote' || rng.chance(0.15)) continue;
          const others = s.players.filter((p) => p.userId !== id);
          apply({ type: 'submit_vote', userId: id, targetUserId: rng.pick(others).userId });
        }
        if (s.phase === 'vote') {
          now = s.deadlineAt as number;
          apply({ type: 'deadline' });
        }
        break;
      }
      default:
        bad.push(`unexpected phase ${s.phase}`);
        return bad;
    }
  }
  if (s.phase !== 'results' || s.deadlineAt !== null || s.settings.calculatingResults) bad.push(`end state ${s.phase}`);
  voteViolations(s, bad);
  for (const c of s.voteResults?.winConditions ?? []) if (!(WIN_CONDITION_CODES as readonly string[]).includes(c.code)) bad.push(`win condition ${c.code}`);
  for (const r of s.voteResults?.playerResults ?? []) if (!(WIN_REASON_CODES as readonly string[]).includes(r.reason.code)) bad.push(`win reason ${r.reason.code}`);
  if ((s.voteResults?.winConditions.length ?? 0) === 0) bad.push('no win condition');
  // A bad-team bot never votes for a teammate it was shown at night: the waking wolves and the Helper see
  // every wolf (Isolated and copied ones included); the Isolated Bad Guy sees nobody.
  const wakeAs = (p: PlayerState) => (p.originalRole === 'Role Copier' && p.copiedRole ? p.copiedRole : (p.originalRole as RoleId));
  const SEES_WOLVES = new Set<RoleId>(['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy', 'Bad Guy Helper']);
  for (const bot of s.players) {
    if (!bot.isBot || !bot.voteTarget || !SEES_WOLVES.has(wakeAs(bot))) continue;
    const shown = s.players.filter((p) => p.userId !== bot.userId && wolfCard(wakeAs(p)));
    if (shown.some((p) => p.userId === bot.voteTarget)) bad.push(`bad bot ${bot.userId} voted for teammate ${bot.voteTarget}`);
  }
  const watched = playerView(s, 'watcher');
  if (watched.game.seed !== gameSeed || watched.game.voteResults === null || watched.players.some((p) => !p.originalRole)) bad.push('results hidden from the spectator');
  const view = playerView(s, humanIds[0] as string);
  if (view.game.seed !== gameSeed || JSON.stringify(view.game.centerCards) !== JSON.stringify(s.centerCards)) bad.push('results reveal');
  return bad;
}

describe('whole random games (property)', () => {
  it(`${GAMES} games: conserve cards, resolve votes per the rules and never leak secrets`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 27 }),
        // Mostly a few humans (each human command copies the whole state), sometimes a full human table.
        fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 27 }), weight: 1 }),
        // Seeds are hex strings like the CSPRNG seeds of production (a short seed could occur in any JSON).
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((b) => b.toString(16).padStart(16, '0')),
        fc.integer(),
        (seats, humans, seed, driver) => {
          expect(playGame(seats, humans, seed, driver)).toEqual([]);
        },
      ),
      { numRuns: GAMES },
    );
  });
});
