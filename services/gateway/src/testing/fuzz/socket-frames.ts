/**
 * fast-check arbitraries of `/ws` frames the gateway must refuse (docs/architecture.md "Fuzzing"), each with
 * the error it must answer: code(s), and the exact text where the protocol or the rules give one (spec 000
 * sections 5 and 8). Every frame is built to be refused whatever the game's state in its phase: a frame the
 * server could accept is never generated, so an accepted frame is a finding.
 */
import fc from 'fast-check';
import { isRoleName, type ActionType, type Phase } from '@nightfall/game-rules';
import { LIMITS } from '@nightfall/protocol';

/**
 * Who sends a frame: the host, two guests (all joined to the fuzzed game), a guest of another game (its
 * lobby), and a second socket of the first guest that never joined a game.
 */
export type Persona = 'host' | 'ann' | 'ben' | 'zed' | 'loner';
export const PERSONAS: readonly Persona[] = ['host', 'ann', 'ben', 'zed', 'loner'];

/** The kind of a fuzzed frame (the summary counts by kind). */
export type FrameKind = 'not_json' | 'json_junk' | 'malformed' | 'oversized_field' | 'wrong_player' | 'wrong_game' | 'forbidden' | 'out_of_phase' | 'bad_data';

/** One frame and the error it must get. */
export interface FuzzFrame {
  from: Persona;
  kind: FrameKind;
  /** The frame: text, or bytes sent as a binary frame. */
  raw: string | Uint8Array;
  /** Codes of the acceptable `error` answers. */
  codes: readonly string[];
  /** The exact message, where the protocol or the rules give one. */
  message?: string;
  /** The exact title, where the spec gives one other than 'Error'. */
  title?: string;
}

/** What the frames are generated against. */
export interface SocketFuzzContext {
  /** The fuzzed game and its phase (host, ann and ben are joined to it). */
  gameId: string;
  phase: Phase;
  /** A lobby hosted by the same host, with zed as its only guest. */
  otherGameId: string;
  userIds: Record<Exclude<Persona, 'loner'>, string>;
  /** The bots of the fuzzed game. */
  botIds: string[];
  /** In job_choice: each human's `me.allowedActions`, and whether it has submitted already. */
  night?: Partial<Record<'host' | 'ann' | 'ben', { allowed: ActionType[]; submitted: boolean }>>;
  /** In the lobby: the 'Cannot start game' text of start_game (the selection is kept one role short). */
  wrongRoleCount?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Msg = { [key: string]: Json };
/** A message and the error it must get. */
type Expected = { m: Msg; codes: string[]; message?: string };

const ACTIONS = [
  'update_role_selection', 'start_game', 'submit_action', 'submit_vote', 'ready_next_phase', 'play_again',
  'update_game_settings', 'add_bot', 'remove_bot', 'send_message', 'force_discussion_end', 'share_theme',
] as const;
type Action = (typeof ACTIONS)[number];
/** Host-only lobby actions (spec 000 section 5). */
const HOST_ACTIONS = ['update_role_selection', 'start_game', 'update_game_settings', 'add_bot', 'remove_bot'] as const satisfies readonly Action[];
const ACTION_TYPES: readonly ActionType[] = [
  'view_player', 'view_center', 'view_werewolf_pile', 'view_center_card', 'rob_player', 'target_player', 'swap_players',
  'swap_center', 'assign_artifact', 'copy_role', 'convert_player', 'protect_player', 'protect_from_death', 'tap_player',
  'reveal_player', 'investigate_players', 'shift_cards', 'view_and_swap', 'pass', 'swap_with_center', 'no_action',
];
/** Action types naming one player in `targetUserId` (docs/rules.md "Submitting actions"). */
const ONE_TARGET: readonly ActionType[] = ['view_player', 'rob_player', 'convert_player', 'copy_role', 'protect_player', 'protect_from_death', 'tap_player', 'reveal_player', 'target_player', 'assign_artifact'];
const CENTER_ONE: readonly ActionType[] = ['view_center_card', 'swap_center', 'swap_with_center'];
/** The same action under two names (a legacy alias). */
const ALIAS: Partial<Record<ActionType, ActionType>> = { swap_with_center: 'swap_center', swap_center: 'swap_with_center' };

/** The gateway's texts (services/gateway/src/realtime/game.gateway.ts). */
export const TEXT = {
  malformed: 'Malformed message',
  mismatch: 'This connection belongs to another player.',
  notJoined: 'Join the game first.',
  gameNotFound: 'Game not found',
  playerNotFound: 'Player not found',
  themeNotFound: 'Theme pack not found',
} as const;

/** The rules' texts (libs/game-rules: lobby.ts, engine.ts, chat.ts, night/submit.ts). */
const RULES = {
  notHost: 'Only the host can do that',
  inProgress: 'Game already started',
  night: 'Night actions can only be submitted during the night',
  voting: 'Voting is not open',
  ready: 'There is nothing to be ready for in this phase',
  playAgain: 'Play again is only possible after the results',
  notRunning: 'The discussion is not running',
  tooEarly: 'The discussion time is not over yet',
  empty: 'Message cannot be empty',
  tooLong: `Message must be ${LIMITS.chatMaxLength} characters or less`,
  botNotFound: 'That bot is not in this game',
  submitted: 'You have already submitted your night action',
  selfVote: 'You cannot vote for yourself',
  notInGame: 'That player is not in this game',
} as const;

const ownUser = (ctx: SocketFuzzContext, p: Persona) => ctx.userIds[p === 'loner' ? 'ann' : p];
/** The game a persona's socket joined, or null. */
const ownGame = (ctx: SocketFuzzContext, p: Persona) => (p === 'loner' ? null : p === 'zed' ? ctx.otherGameId : ctx.gameId);
const phaseOf = (ctx: SocketFuzzContext, p: Persona): Phase => (p === 'zed' ? 'lobby' : ctx.phase);

/** A user id that names nobody of either game (1-64 characters). */
const strangerId = (ctx: SocketFuzzContext) => {
  const known = new Set([...Object.values(ctx.userIds), ...ctx.botIds]);
  return fc.string({ minLength: 1, maxLength: 64 }).filter((s) => !known.has(s));
};
/** Any id: a known player, a bot, or a stranger. */
const anyId = (ctx: SocketFuzzContext) => fc.oneof(fc.constantFrom(...Object.values(ctx.userIds), ...ctx.botIds), strangerId(ctx));
/** A uuid of no game. */
const strangerGame = (ctx: SocketFuzzContext) => fc.uuid().filter((u) => u !== ctx.gameId && u !== ctx.otherGameId);
/*
 * Arbitraries without a context are built once: building one is far dearer than drawing from it (a binary
 * string arbitrary maps every code point), and the frames are drawn by the ten thousand.
 */
/** Any JSON value: extras, junk, wrong types. */
const JSON_VALUE = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
/** A small object of random keys. */
const SMALL_OBJECT = fc.dictionary(fc.string({ maxLength: 8 }), JSON_VALUE, { maxKeys: 2 });
/** Top-level keys no schema knows, with their values, and sometimes a long padding field. */
const EXTRAS = fc.tuple(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['type', 'gameId', 'userId', 'action', 'data', 'padding', '__proto__'].includes(k)), JSON_VALUE, { maxKeys: 3 }),
  fc.option(fc.nat(12_000).map((n) => 'x'.repeat(n)), { freq: 4, nil: undefined }),
);
const MESSAGE_TYPES = ['ping', 'join_game', 'game_action'];
const UNKNOWN_TYPE = fc.string({ maxLength: 30 }).filter((t) => !MESSAGE_TYPES.includes(t));
const UNKNOWN_ACTION = fc.string({ maxLength: 30 }).filter((a) => !(ACTIONS as readonly string[]).includes(a));
const UNKNOWN_NIGHT_TYPE = fc.string({ maxLength: 30 }).filter((t) => !(ACTION_TYPES as readonly string[]).includes(t));
const NIGHT_KEYS = ['type', 'targetUserId', 'positions', 'centerIndex', 'player1UserId', 'player2UserId', 'artifactId', 'targetUserIds', 'direction', '__proto__'];
const STRICT_KEY = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !NIGHT_KEYS.includes(k));
/** Any code points (`fc.string({unit: 'binary'})` costs a second to build: it maps every code point). */
const BINARY_TEXT = fc.array(fc.nat(0x10ffff), { maxLength: 200 }).map((cps) => String.fromCodePoint(...cps));
const ASCII_TEXT = fc.string({ maxLength: 300 });

/** Shape-valid `data` of an action (spec 000 section 7): what the protocol's schema accepts. */
function actionData(action: Action, ctx: SocketFuzzContext): fc.Arbitrary<Json | undefined> {
  const empty = fc.option(SMALL_OBJECT, { nil: undefined });
  switch (action) {
    case 'update_role_selection':
      return fc.record({ roles: fc.array(fc.oneof(fc.constantFrom('Bad Guy', 'Role Looker', 'Basic Good Guy'), fc.string({ maxLength: 64 })), { maxLength: 12 }) });
    case 'submit_action':
      return nightPayload(ctx, fc.constantFrom(...ACTION_TYPES));
    case 'submit_vote':
      return fc.record({ targetUserId: anyId(ctx) });
    case 'update_game_settings':
      return fc.record({ discussionTime: fc.integer({ min: -1000, max: 100_000 }) });
    case 'remove_bot':
      return fc.record({ botUserId: anyId(ctx) });
    case 'send_message':
      return fc.record({ content: fc.string({ maxLength: 300 }) });
    case 'force_discussion_end':
      return fc.option(fc.record({ gameId: fc.string({ maxLength: 40 }) }, { requiredKeys: [] }), { nil: undefined });
    case 'share_theme':
      return fc.record({ themePack: fc.record({ id: fc.string({ minLength: 1, maxLength: 64 }) }) });
    default:
      return empty;
  }
}

/** A `submit_action` payload of one of `types`, with schema-valid optional fields (strict: no other key). */
function nightPayload(ctx: SocketFuzzContext, types: fc.Arbitrary<ActionType>): fc.Arbitrary<Json> {
  return fc.record(
    {
      type: types,
      targetUserId: anyId(ctx),
      positions: fc.array(fc.integer({ min: -2, max: 5 }), { maxLength: 3 }),
      centerIndex: fc.integer({ min: -2, max: 5 }),
      player1UserId: anyId(ctx),
      player2UserId: anyId(ctx),
      targetUserIds: fc.array(anyId(ctx), { maxLength: 2 }),
      direction: fc.constantFrom('left', 'right'),
    },
    { requiredKeys: ['type'] },
  ) as fc.Arbitrary<Json>;
}

const fixed = (v: string | fc.Arbitrary<string>): fc.Arbitrary<string> => (typeof v === 'string' ? fc.constant(v) : v);

/** A shape-valid game_action of `actions` from `userId` on `gameId`. */
function gameAction(ctx: SocketFuzzContext, gameId: string | fc.Arbitrary<string>, userId: string | fc.Arbitrary<string>, actions: readonly Action[] = ACTIONS): fc.Arbitrary<Msg> {
  const bodies = fc.oneof(...actions.map((action) => actionData(action, ctx).map((data) => ({ action, data }))));
  return fc.tuple(fixed(gameId), fixed(userId), bodies).map(([g, u, { action, data }]) => {
    const m: Msg = { type: 'game_action', gameId: g, userId: u, action };
    if (data !== undefined) m.data = data;
    return m;
  });
}

/** A shape-valid message of any type but ping, for `userId` on `gameId`. */
function anyMessage(ctx: SocketFuzzContext, gameId: string | fc.Arbitrary<string>, userId: string | fc.Arbitrary<string>): fc.Arbitrary<Msg> {
  const join = fc.tuple(fixed(gameId), fixed(userId)).map(([g, u]): Msg => ({ type: 'join_game', gameId: g, userId: u }));
  return fc.oneof({ weight: 1, arbitrary: join }, { weight: 6, arbitrary: gameAction(ctx, gameId, userId) });
}

/**
 * Adds top-level keys the schemas ignore (the protocol's objects are not strict): a refused message stays
 * refused with them, and one of them may pad the frame towards the gateway's frame limit.
 */
function withExtras<T extends { m: Msg }>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(arb, EXTRAS).map(([e, [extras, pad]]) => {
    const m: Msg = { ...e.m, ...extras };
    if (pad !== undefined) m.padding = pad;
    return { ...e, m };
  });
}

/** The frame of a message: JSON, at most LIMITS.maxFrameBytes (a bigger one closes the socket: see the oversized test). */
function frame(from: Persona, kind: FrameKind, m: Msg, codes: readonly string[], message?: string, title?: string): FuzzFrame {
  let raw = JSON.stringify(m);
  if (Buffer.byteLength(raw) > LIMITS.maxFrameBytes && 'padding' in m) {
    const { padding: _dropped, ...rest } = m;
    raw = JSON.stringify(rest);
  }
  return { from, kind, raw, codes, ...(message !== undefined ? { message } : {}), ...(title !== undefined ? { title } : {}) };
}

/** Text that is not JSON: random text (binary or not), and valid messages cut short. */
function notJson(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> {
  const parses = (s: string) => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  };
  const cut = fc.tuple(anyMessage(ctx, ctx.gameId, ownUser(ctx, from)), fc.double({ min: 0, max: 1, noNaN: true })).map(([m, at]) => {
    const s = JSON.stringify(m);
    return s.slice(0, Math.min(s.length - 1, Math.floor(at * s.length)));
  });
  const text = fc.oneof(BINARY_TEXT, ASCII_TEXT, cut, fc.constantFrom('', ' ', '{', '}', '[', 'undefined', 'NaN', "{'type':'ping'}"));
  const bytes = fc.uint8Array({ maxLength: 300 });
  return fc.oneof(
    text.filter((s) => !parses(s)).map((raw): FuzzFrame => ({ from, kind: 'not_json', raw, codes: ['INVALID_MESSAGE'], message: TEXT.malformed })),
    bytes.map((b): FuzzFrame => {
      const parsed = parses(Buffer.from(b).toString());
      return { from, kind: 'not_json', raw: b, codes: ['INVALID_MESSAGE'], ...(parsed ? {} : { message: TEXT.malformed }) };
    }),
  );
}

/** JSON that is no protocol message at all (scalars, arrays, objects without a known type). */
function jsonJunk(from: Persona): fc.Arbitrary<FuzzFrame> {
  const isPing = (v: Json) => typeof v === 'object' && v !== null && !Array.isArray(v) && v.type === 'ping';
  const typed = fc.tuple(UNKNOWN_TYPE, SMALL_OBJECT).map(([type, d]): Json => ({ ...d, type }));
  return fc.oneof(JSON_VALUE, typed)
    .filter((v) => !isPing(v))
    .map((v): FuzzFrame => ({ from, kind: 'json_junk', raw: JSON.stringify(v), codes: ['INVALID_MESSAGE'] }));
}

/** A field of a message and the JSON type it must have. */
interface Field {
  path: string[];
  type: 'string' | 'number' | 'array' | 'object';
  required: boolean;
}

/** The typed fields of a message (spec 000 section 7; libs/protocol/src/schemas.ts). */
function fieldsOf(m: Msg): Field[] {
  const f = (path: string, type: Field['type'], required = true): Field => ({ path: path.split('.'), type, required });
  const out = [f('type', 'string'), f('gameId', 'string'), f('userId', 'string')];
  if (m.type !== 'game_action') return out;
  out.push(f('action', 'string'));
  const optionalData = ['start_game', 'ready_next_phase', 'play_again', 'add_bot', 'force_discussion_end'].includes(m.action as string);
  out.push(f('data', 'object', !optionalData));
  const data: Record<string, Field[]> = {
    update_role_selection: [f('data.roles', 'array')],
    submit_action: [f('data.type', 'string')],
    submit_vote: [f('data.targetUserId', 'string')],
    update_game_settings: [f('data.discussionTime', 'number')],
    remove_bot: [f('data.botUserId', 'string')],
    send_message: [f('data.content', 'string')],
    share_theme: [f('data.themePack', 'object'), f('data.themePack.id', 'string')],
  };
  return [...out, ...(data[m.action as string] ?? [])];
}

/** A copy of `m` with the value at `path` replaced (`undefined`: removed). */
function setPath(m: Msg, path: string[], value: Json | undefined): Msg {
  const copy = structuredClone(m);
  let node: Msg = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) return copy;
    node = next;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** JSON values by type. */
const TYPED: Record<Field['type'] | 'boolean' | 'null', fc.Arbitrary<Json>> = {
  string: fc.string({ maxLength: 20 }),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  array: fc.array(JSON_VALUE, { maxLength: 3 }),
  object: SMALL_OBJECT,
  boolean: fc.boolean(),
  null: fc.constant(null),
};
/** For each field type, JSON values of every other type. */
const WRONG_TYPED = Object.fromEntries(
  (['string', 'number', 'array', 'object'] as const).map((type) => [type, fc.oneof(...Object.entries(TYPED).filter(([k]) => k !== type).map(([, a]) => a))]),
) as Record<Field['type'], fc.Arbitrary<Json>>;

/**
 * Well-formed messages broken in one place: a required field missing, a field of the wrong JSON type, an
 * unknown type or action, a submit_action payload with a key it does not know (its schema is strict).
 */
function malformed(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> {
  const base = anyMessage(ctx, ownGame(ctx, from) ?? ctx.gameId, ownUser(ctx, from));
  const how = fc.constantFrom('remove', 'retype', 'type', 'action', 'strict_key', 'night_type');
  const values = fc.record({ wrong: fc.record(WRONG_TYPED), type: UNKNOWN_TYPE, action: UNKNOWN_ACTION, key: STRICT_KEY, value: JSON_VALUE, night: UNKNOWN_NIGHT_TYPE });
  const broken = fc.tuple(base, how, fc.nat(), values).map(([m, kind, pick, v]): Msg => {
    const fields = fieldsOf(m);
    const required = fields.filter((x) => x.required);
    if (kind === 'retype') {
      const x = fields[pick % fields.length]!;
      return setPath(m, x.path, v.wrong[x.type]);
    }
    if (kind === 'type') return setPath(m, ['type'], v.type);
    if (kind === 'action' && m.type === 'game_action') return setPath(m, ['action'], v.action);
    if (kind === 'strict_key' && m.action === 'submit_action') return setPath(m, ['data', v.key], v.value);
    if (kind === 'night_type' && m.action === 'submit_action') return setPath(m, ['data', 'type'], v.night);
    return setPath(m, required[pick % required.length]!.path, undefined);
  });
  return withExtras(broken.map((m) => ({ m }))).map(({ m }) => frame(from, 'malformed', m, ['INVALID_MESSAGE']));
}

/** Fields over the protocol's limits (ids over 64 characters, chat over 2000, 41 roles, a gameId that is no uuid...). */
function oversizedField(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> {
  const user = ownUser(ctx, from);
  const game = ownGame(ctx, from) ?? ctx.gameId;
  const long = (min: number, max: number) => fc.integer({ min, max }).map((n) => 'y'.repeat(n));
  const act = (action: Action, data: fc.Arbitrary<Json>) => data.map((d): Msg => ({ type: 'game_action', gameId: game, userId: user, action, data: d }));
  const options: Array<fc.Arbitrary<Msg>> = [
    long(65, 4000).map((u): Msg => ({ type: 'join_game', gameId: game, userId: u })),
    fc.oneof(fc.string({ maxLength: 60 }), long(37, 200)).filter((g) => !/^[0-9a-f-]{36}$/i.test(g)).map((g): Msg => ({ type: 'game_action', gameId: g, userId: user, action: 'add_bot' })),
    act('send_message', long(2001, 12_000).map((c) => ({ content: c }))),
    act('update_role_selection', fc.array(fc.constant('Bad Guy'), { minLength: 41, maxLength: 300 }).map((roles) => ({ roles }))),
    act('update_role_selection', long(65, 2000).map((r) => ({ roles: [r] }))),
    act('submit_vote', long(65, 2000).map((t) => ({ targetUserId: t }))),
    act('remove_bot', long(65, 2000).map((t) => ({ botUserId: t }))),
    act('share_theme', long(65, 2000).map((id) => ({ themePack: { id } }))),
    act('submit_action', fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 50 }).map((positions) => ({ type: 'view_center', positions }))),
    act('submit_action', fc.array(fc.constant(user), { minLength: 3, maxLength: 20 }).map((ids) => ({ type: 'investigate_players', targetUserIds: ids }))),
    act('submit_action', fc.double({ min: 0.1, max: 2.9, noNaN: true }).filter((x) => !Number.isInteger(x)).map((c) => ({ type: 'view_center_card', centerIndex: c }))),
    act('submit_action', fc.string({ maxLength: 10 }).filter((d) => d !== 'left' && d !== 'right').map((d) => ({ type: 'shift_cards', direction: d }))),
    act('update_game_settings', fc.double({ min: 60.01, max: 599.99, noNaN: true }).filter((x) => !Number.isInteger(x)).map((t) => ({ discussionTime: t }))),
  ];
  return withExtras(fc.oneof(...options).map((m) => ({ m }))).map(({ m }) => frame(from, 'oversized_field', m, ['INVALID_MESSAGE']));
}

/** Well-formed messages naming another player as the sender (docs/architecture.md "Guarantees": SESSION_MISMATCH). */
function wrongPlayer(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> {
  const me = ownUser(ctx, from);
  const other = anyId(ctx).filter((u) => u !== me);
  const game = fc.oneof(fc.constantFrom(ctx.gameId, ctx.otherGameId), strangerGame(ctx));
  return withExtras(anyMessage(ctx, game, other).map((m) => ({ m }))).map(({ m }) => frame(from, 'wrong_player', m, ['SESSION_MISMATCH'], TEXT.mismatch));
}

/**
 * Another game than the socket's: any action on a game it has not joined (NOT_JOINED), a join of a game that
 * does not exist (GAME_NOT_FOUND) or of one the player is not in (PLAYER_NOT_FOUND).
 */
function wrongGame(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> {
  const me = ownUser(ctx, from);
  const own = ownGame(ctx, from);
  const elsewhere = fc.oneof(fc.constantFrom(ctx.gameId, ctx.otherGameId).filter((g) => g !== own), strangerGame(ctx));
  const actions = gameAction(ctx, elsewhere, me).map((m): Expected => ({ m, codes: ['NOT_JOINED'], message: TEXT.notJoined }));
  const noGame = strangerGame(ctx).map((g): Expected => ({ m: { type: 'join_game', gameId: g, userId: me }, codes: ['GAME_NOT_FOUND'], message: TEXT.gameNotFound }));
  const options = [actions, noGame];
  // the host hosts both games; zed plays in the other one only; ann (and her loner socket) in the fuzzed one only
  const notMine = from === 'host' ? null : from === 'zed' ? ctx.gameId : ctx.otherGameId;
  if (notMine) options.push(fc.constant<Expected>({ m: { type: 'join_game', gameId: notMine, userId: me }, codes: ['PLAYER_NOT_FOUND'], message: TEXT.playerNotFound }));
  return withExtras(fc.oneof(...options)).map(({ m, codes, message }) => frame(from, 'wrong_game', m, codes, message));
}

/** Host-only actions from a guest (NOT_HOST), and a theme offer of a pack the sender does not own. */
function forbidden(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> | null {
  const game = ownGame(ctx, from);
  if (!game) return null;
  const me = ownUser(ctx, from);
  const theme = gameAction(ctx, game, me, ['share_theme']).map((m): Expected => ({ m, codes: ['NOT_FOUND'], message: TEXT.themeNotFound }));
  const options = [theme];
  if (from !== 'host') options.push(gameAction(ctx, game, me, HOST_ACTIONS).map((m): Expected => ({ m, codes: ['NOT_HOST'], message: RULES.notHost })));
  return withExtras(fc.oneof(...options)).map(({ m, codes, message }) => frame(from, 'forbidden', m, codes, message));
}

/** Actions of another phase (spec 000 section 4): the rules refuse them with WRONG_PHASE, GAME_IN_PROGRESS or TOO_EARLY. */
function outOfPhase(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> | null {
  const game = ownGame(ctx, from);
  if (!game) return null;
  const me = ownUser(ctx, from);
  const phase = phaseOf(ctx, from);
  const options: Array<fc.Arbitrary<{ m: Msg; code: string; message: string }>> = [];
  const add = (actions: readonly Action[], code: string, message: string) => options.push(gameAction(ctx, game, me, actions).map((m) => ({ m, code, message })));
  if (phase !== 'lobby' && from === 'host') add(HOST_ACTIONS, 'GAME_IN_PROGRESS', RULES.inProgress);
  if (phase !== 'job_choice') add(['submit_action'], 'WRONG_PHASE', RULES.night);
  if (phase !== 'vote') add(['submit_vote'], 'WRONG_PHASE', RULES.voting);
  if (phase === 'job_choice' || phase === 'vote' || phase === 'results') add(['ready_next_phase'], 'WRONG_PHASE', RULES.ready);
  if (phase !== 'results') add(['play_again'], 'WRONG_PHASE', RULES.playAgain);
  if (phase !== 'discussion') add(['force_discussion_end'], 'WRONG_PHASE', RULES.notRunning);
  else add(['force_discussion_end'], 'TOO_EARLY', RULES.tooEarly);
  return withExtras(fc.oneof(...options)).map(({ m, code, message }) => frame(from, 'out_of_phase', m, [code], message));
}

/**
 * Right phase, wrong content: empty or over-long chat; in the lobby the host's unknown roles, bad discussion
 * times, unknown bots and a start with the wrong number of roles; at night actions the player's role may not
 * take or with targets nobody holds; in the vote a vote for oneself or for a stranger.
 */
function badData(ctx: SocketFuzzContext, from: Persona): fc.Arbitrary<FuzzFrame> | null {
  const game = ownGame(ctx, from);
  if (!game) return null;
  const me = ownUser(ctx, from);
  const phase = phaseOf(ctx, from);
  type Case = { data: Json; action: Action; codes: string[]; message?: string; title?: string };
  const options: Array<fc.Arbitrary<Case>> = [];
  const ws = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003');
  options.push(fc.array(ws, { maxLength: 40 }).map((c): Case => ({ action: 'send_message', data: { content: c.join('') }, codes: ['INVALID_MESSAGE'], message: RULES.empty })));
  options.push(
    fc.tuple(fc.array(ws, { maxLength: 5 }), fc.integer({ min: LIMITS.chatMaxLength - 1, max: 1900 })).map(([pad, n]): Case => ({
      action: 'send_message',
      data: { content: `${pad.join('')}a${'b'.repeat(n)}c${pad.join('')}` },
      codes: ['INVALID_MESSAGE'],
      message: RULES.tooLong,
    })),
  );
  if (phase === 'lobby' && from === 'host') {
    const unknown = fc.string({ maxLength: 64 }).filter((s) => !isRoleName(s));
    options.push(
      fc.tuple(fc.array(fc.constantFrom('Bad Guy', 'Role Looker', 'Role Thief'), { maxLength: 3 }), unknown).map(([ok, bad]): Case => ({
        action: 'update_role_selection',
        data: { roles: [...ok, bad] },
        codes: ['UNKNOWN_ROLE', 'ROLE_NOT_AVAILABLE'],
      })),
      fc.integer({ min: -100_000, max: 100_000 }).filter((t) => !(t >= 60 && t <= 600 && t % 60 === 0)).map((t): Case => ({ action: 'update_game_settings', data: { discussionTime: t }, codes: ['INVALID_SETTINGS'] })),
      fc.oneof(strangerId(ctx), fc.constantFrom(...Object.values(ctx.userIds))).map((b): Case => ({ action: 'remove_bot', data: { botUserId: b }, codes: ['BOT_NOT_FOUND'], message: RULES.botNotFound })),
    );
    if (ctx.wrongRoleCount) options.push(fc.constant<Case>({ action: 'start_game', data: {}, codes: ['WRONG_ROLE_COUNT'], message: ctx.wrongRoleCount, title: 'Cannot start game' }));
  }
  const night = from === 'host' || from === 'ann' || from === 'ben' ? ctx.night?.[from] : undefined;
  if (phase === 'job_choice' && night) {
    if (night.submitted) {
      options.push(nightPayload(ctx, fc.constantFrom(...ACTION_TYPES)).map((d): Case => ({ action: 'submit_action', data: d, codes: ['ALREADY_SUBMITTED'], message: RULES.submitted })));
    } else {
      const allowed = new Set<ActionType>(night.allowed.flatMap((t) => [t, ...(ALIAS[t] ? [ALIAS[t]] : [])]));
      const notAllowed = ACTION_TYPES.filter((t) => !allowed.has(t));
      if (notAllowed.length > 0) options.push(nightPayload(ctx, fc.constantFrom(...notAllowed)).map((d): Case => ({ action: 'submit_action', data: d, codes: ['INVALID_ACTION'] })));
      const targeted = night.allowed.filter((t) => ONE_TARGET.includes(t));
      if (targeted.length > 0) {
        options.push(fc.tuple(fc.constantFrom(...targeted), strangerId(ctx)).map(([type, t]): Case => ({ action: 'submit_action', data: { type, targetUserId: t }, codes: ['INVALID_TARGET'], message: RULES.notInGame })));
      }
      const centered = night.allowed.filter((t) => CENTER_ONE.includes(t));
      if (centered.length > 0) {
        options.push(
          fc.tuple(fc.constantFrom(...centered), fc.integer({ min: -1000, max: 1000 }).filter((i) => i < 0 || i > 2)).map(([type, i]): Case => ({
            action: 'submit_action',
            data: { type, centerIndex: i },
            codes: ['INVALID_CENTER_INDEX'],
          })),
        );
      }
    }
  }
  if (phase === 'vote' && from !== 'zed') {
    options.push(fc.constant<Case>({ action: 'submit_vote', data: { targetUserId: me }, codes: ['SELF_VOTE'], message: RULES.selfVote }));
    options.push(strangerId(ctx).map((t): Case => ({ action: 'submit_vote', data: { targetUserId: t }, codes: ['INVALID_VOTE'], message: RULES.notInGame })));
  }
  const cases = fc.oneof(...options).map((c) => ({ ...c, m: { type: 'game_action', gameId: game, userId: me, action: c.action, data: c.data } as Msg }));
  return withExtras(cases).map((c) => frame(from, 'bad_data', c.m, c.codes, c.message, c.title));
}

/** One refused frame from one of `personas` (default all), of any kind that applies to it in this phase. */
export function frameArbitrary(ctx: SocketFuzzContext, personas: readonly Persona[] = PERSONAS): fc.Arbitrary<FuzzFrame> {
  const perPersona = personas.map((from) => {
    const kinds: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzFrame> }> = [
      { weight: 1, arbitrary: notJson(ctx, from) },
      { weight: 1, arbitrary: jsonJunk(from) },
      { weight: 3, arbitrary: malformed(ctx, from) },
      { weight: 1, arbitrary: oversizedField(ctx, from) },
      { weight: 2, arbitrary: wrongPlayer(ctx, from) },
      { weight: 2, arbitrary: wrongGame(ctx, from) },
    ];
    for (const [weight, a] of [[1, forbidden(ctx, from)], [2, outOfPhase(ctx, from)], [2, badData(ctx, from)]] as const) {
      if (a) kinds.push({ weight, arbitrary: a });
    }
    return fc.oneof(...kinds);
  });
  return fc.oneof(...perPersona);
}
