/**
 * Words the rules engine's codes (docs/rules.md "Message codes") through the catalogue and the active theme:
 * role ids become the theme's role names (custom roles keep their own titles: the caller's `roleName`),
 * team ids the theme's team names, the bad-guy pile the theme's `actions.badGuyPile`, the night log's verbs
 * the theme's `actions.viewed`/`swapped`. Nothing here decides a rule: the engine computed every fact, this
 * module only says it. Framework-free (unit tested in i18n.spec.ts).
 */
import { ARTIFACT_IDS, PILE_INDEX } from '@nightfall/game-rules';
import type {
  ActionPayload,
  Announcement,
  ArtifactId,
  NightActionKind,
  NightMessage,
  Notice,
  Phase,
  PlayerRef,
  RoleId,
  SystemMessageKind,
  Team,
  WinCondition,
  WinReason,
} from '@nightfall/game-rules';
import { GENERIC_THEME, themeRoleName, themeTeamColor, themeTeamName } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { EN } from './en/index';
import { joinList, t, type MessageKey, type Params } from './t';
import { grammar, localTheme } from './locale';
import { readableOn } from '../lib/contrast';

/** What the wording needs from the screen: the active theme and how a card is named (catalogue or custom role). */
export interface RuleTextSource {
  theme: Theme;
  /** The name shown for a card (the theme's name of a catalogue role, a custom role's title). */
  roleName(role: RoleId): string;
}

/** The rule texts of one screen (see {@link ruleText}). */
export interface RuleText {
  readonly theme: Theme;
  /** A card's name ('Role Looker', a themed name, a custom role's title). */
  role(role: RoleId): string;
  /** A team's name in the theme ('Good Team'). */
  teamName(team: Team): string;
  /** A team's colour in the theme. */
  teamColor(team: Team): string;
  /** The team's colour for text: lightened to 4.5:1 on the app's surfaces when the theme's is too dark (docs/architecture.md "Accessibility"). */
  teamTextColor(team: Team): string;
  /** 'on the Good Team' / 'Neutral': a card or player's team inside a sentence. */
  teamPhrase(team: Team): string;
  /** The theme's bad-guy pile as a heading ('Bad-guy pile'). */
  pile(): string;
  /** The theme's bad-guy pile inside a sentence ('bad-guy pile'). */
  pileInSentence(): string;
  /** A center position inside a sentence: 'center card 2', or the pile for {@link PILE_INDEX}. */
  center(index: number): string;
  /** Names and words of the theme's bad team for headings: 'Hidden Enemies', one 'Hidden Enemy'. */
  wolfTeam(): string;
  wolfMember(): string;
  /** One line of a night result. */
  night(message: NightMessage): string;
  /** A night result's lines, one text each (empty lines skipped). */
  lines(lines: readonly NightMessage[] | null | undefined): string[];
  /** A night result's lines as one text; `'No action taken.'` for none. */
  result(lines: readonly NightMessage[] | null | undefined): string;
  /** The label of a system chat message ('Revealer Announcement'). */
  systemLabel(kind: SystemMessageKind | string | undefined): string;
  /** An announcement of the night (a system chat message). */
  announcement(a: Announcement): string;
  /** One line of `VoteResults.winConditions`. */
  winCondition(c: WinCondition): string;
  /** The detail under a player's outcome ('A bad guy was eliminated.'); '' when the headline says it all. */
  winReason(r: WinReason | null | undefined): string;
  /** A toast of the engine (`CommandOutcome.notice`). */
  notice(n: Notice): { title: string; message: string };
  /** The night log's description of an action kind. */
  actionKind(kind: NightActionKind | string): string;
  /** An artifact's name and effect. */
  artifactName(id: ArtifactId | string): string;
  artifactEffect(id: ArtifactId | string): string;
  /** The name of a phase: the theme's night phase for job_choice. */
  phase(phase: Phase): string;
}

const isArtifact = (id: string): id is ArtifactId => (ARTIFACT_IDS as readonly string[]).includes(id);

/**
 * The rule texts for a theme and a way to name cards. `ruleText({ theme: GENERIC_THEME, roleName })` words
 * every code as the generic theme shows it.
 */
export function ruleText(source: RuleTextSource): RuleText {
  const theme = localTheme(source.theme ?? GENERIC_THEME);
  const { capitalize, commonNoun, plural, singular, teamMembers } = grammar();
  const role = (r: RoleId): string => source.roleName(r);
  const teamName = (team: Team): string => themeTeamName(theme, team);
  const teamPhrase = (team: Team): string => t(team === 'neutral' ? 'team.neutral' : 'team.on', { team: teamName(team) });
  const pileName = (): string => theme.actions?.badGuyPile?.trim() || localTheme(GENERIC_THEME).actions.badGuyPile;
  const pileInSentence = (): string => commonNoun(pileName());
  const center = (index: number): string => (index === PILE_INDEX ? pileInSentence() : t('center.card', { n: index + 1 }));
  const wolfName = (): string => themeRoleName(theme, 'Bad Guy');
  const wolfTeam = (): string => teamMembers(teamName('bad'));
  // Words every template may use: the theme's bad guy in a sentence, its plural, the bad team's members.
  const base = (): Params => ({
    wolf: commonNoun(wolfName()),
    wolves: commonNoun(plural(wolfName())),
    wolfTeam: wolfTeam(),
    pile: pileInSentence(),
  });
  const names = (players: readonly PlayerRef[]): string => joinList(players.map((p) => p.displayName));
  const say = (key: MessageKey, params: Params = {}): string => t(key, { ...base(), ...params });
  const some = (list: readonly unknown[], none: MessageKey, one: MessageKey, many: MessageKey): MessageKey =>
    list.length === 0 ? none : list.length === 1 ? one : many;

  const night = (m: NightMessage): string => {
    switch (m.code) {
      case 'fellow_wolves':
        return say(some(m.params.players, 'night.fellow_wolves.none', 'night.fellow_wolves.one', 'night.fellow_wolves.many'), { names: names(m.params.players) });
      case 'helper_wolves':
        return say(some(m.params.players, 'night.helper_wolves.none', 'night.helper_wolves.one', 'night.helper_wolves.many'), { names: names(m.params.players) });
      case 'other_mutual_knowers':
        return say(m.params.players.length === 0 ? 'night.other_mutual_knowers.none' : 'night.other_mutual_knowers.some', { role: role('Mutual Knowers'), names: names(m.params.players) });
      case 'role_lookers':
        return say(m.params.players.length === 0 ? 'night.role_lookers.none' : 'night.role_lookers.some', { role: role('Role Looker'), names: names(m.params.players) });
      case 'passed':
        return say('night.passed');
      case 'saw_player_card':
        return say('night.saw_player_card', { name: m.params.player.displayName, role: role(m.params.role) });
      case 'saw_center_card':
        return say('night.saw_center_card', { center: center(m.params.center), role: role(m.params.role) });
      case 'saw_center_cards':
        return say('night.saw_center_cards', {
          centers: t('center.cards', { list: joinList(m.params.centers.map((i) => String(i + 1))) }),
          roles: joinList(m.params.roles.map(role)),
        });
      case 'saw_pile':
        return say('night.saw_pile', { role: role(m.params.role) });
      case 'no_pile':
        return say('night.no_pile');
      case 'view_shielded':
        return say('night.view_shielded', { name: m.params.player.displayName });
      case 'converted_player':
        return m.params.role
          ? say('night.converted_player.known', { name: m.params.player.displayName, role: role(m.params.role) })
          : say('night.converted_player.unknown', { name: m.params.player.displayName });
      case 'convert_no_pile':
        return say('night.convert_no_pile', { name: m.params.player.displayName });
      case 'convert_shielded':
        return say('night.convert_shielded', { name: m.params.player.displayName });
      case 'turned_bad':
        return say('night.turned_bad', { team: teamPhrase(m.params.team) });
      case 'turned_self_eliminator':
        return say('night.turned_self_eliminator', { role: role('Self-Eliminator') });
      case 'shielded_card':
        return say(m.params.self ? 'night.shielded_card.self' : 'night.shielded_card.other', { name: m.params.player.displayName });
      case 'copied_role':
        return say('night.copied_role', { name: m.params.player.displayName, role: role(m.params.role), team: teamPhrase(m.params.team) });
      case 'copy_choose_action':
        return say('night.copy_choose_action', { role: role(m.params.role) });
      case 'copy_shielded':
        return say('night.copy_shielded', { name: m.params.player.displayName, copier: role('Role Copier') });
      case 'protected_player':
        return say('night.protected_player', { name: m.params.player.displayName });
      case 'stalker_target':
        return say('night.stalker_target', { name: m.params.player.displayName });
      case 'revealed_team':
        return say('night.revealed_team', { name: m.params.player.displayName, team: teamPhrase(m.params.team) });
      case 'reveal_shielded':
        return say('night.reveal_shielded', { name: m.params.player.displayName });
      case 'robbed_player':
        return say('night.robbed_player', { name: m.params.player.displayName, role: role(m.params.role) });
      case 'rob_shielded':
        return say(m.params.own ? 'night.rob_shielded.own' : 'night.rob_shielded.target', { name: m.params.player.displayName });
      case 'swapped_players':
        return say('night.swapped_players', { name: m.params.player.displayName, name2: m.params.player2.displayName });
      case 'swap_shielded':
        return say(m.params.shielded.length > 1 ? 'night.swap_shielded.both' : 'night.swap_shielded.one', {
          name: m.params.player.displayName,
          name2: m.params.player2.displayName,
          names: names(m.params.shielded),
        });
      case 'shifted_cards':
        return say(m.params.direction === 'left' ? 'night.shifted_cards.left' : 'night.shifted_cards.right');
      case 'shift_too_few':
        return say('night.shift_too_few');
      case 'shift_skipped':
        return say(m.params.players.length > 1 ? 'night.shift_skipped.many' : 'night.shift_skipped.one', { names: names(m.params.players) });
      case 'swapped_with_center':
        return say('night.swapped_with_center', { center: center(m.params.center) });
      case 'center_swap_shielded':
        return say('night.center_swap_shielded', { center: center(m.params.center) });
      case 'gave_card':
        return say('night.gave_card', { name: m.params.player.displayName });
      case 'took_card':
        return say('night.took_card', { role: role(m.params.role) });
      case 'give_shielded':
        return say(m.params.self ? 'night.give_shielded.self' : 'night.give_shielded.other', { name: m.params.player.displayName });
      case 'tapped_player':
        return say('night.tapped_player', { name: m.params.player.displayName });
      case 'gave_artifact':
        return say(m.params.self ? 'night.gave_artifact.self' : 'night.gave_artifact.other', { name: m.params.player.displayName });
      case 'artifact_shielded':
        return say(m.params.self ? 'night.artifact_shielded.self' : 'night.artifact_shielded.other', { name: m.params.player.displayName });
      case 'artifact_already_held':
        return say(m.params.self ? 'night.artifact_already_held.self' : 'night.artifact_already_held.other', { name: m.params.player.displayName });
      case 'role_changed':
        return say('night.role_changed', { role: role(m.params.role) });
      case 'role_unchanged':
        return say('night.role_unchanged', { role: role(m.params.role) });
      case 'was_converted':
        return say('night.was_converted');
      case 'self_check_shielded':
        return say('night.self_check_shielded');
      case 'stalked':
        return say('night.stalked');
      case 'tapped':
        return say('night.tapped', { side: t(m.params.side === 'left' ? 'side.left' : 'side.right') });
      case 'artifact_received':
        return say('night.artifact_received', { artifact: artifactName(m.params.artifact), effect: artifactEffect(m.params.artifact) });
      default:
        // A code of a newer engine than this client: nothing to say rather than a raw code.
        return '';
    }
  };

  const artifactName = (id: ArtifactId | string): string => (isArtifact(id) ? t(`artifact.${id}.name` as MessageKey) : id);
  const artifactEffect = (id: ArtifactId | string): string => {
    if (!isArtifact(id)) return '';
    const params: Params = { ...base(), teamName: teamName('good'), role: role('Self-Eliminator') };
    return t(`artifact.${id}.effect` as MessageKey, params);
  };

  const lines = (ls: readonly NightMessage[] | null | undefined): string[] => (ls ?? []).map(night).filter((x) => x !== '');

  return {
    theme,
    role,
    teamName,
    teamColor: (team) => themeTeamColor(theme, team),
    teamTextColor: (team) => readableOn(themeTeamColor(theme, team)),
    teamPhrase,
    pile: pileName,
    pileInSentence,
    center,
    wolfTeam,
    wolfMember: () => singular(wolfTeam()),
    night,
    lines,
    result: (ls) => {
      const out = lines(ls);
      return out.length > 0 ? out.join(' ') : t('night.nothing');
    },
    systemLabel: (kind) => t(kind === 'revealer_announcement' ? 'announcement.label.revealer_announcement' : 'announcement.label.other'),
    announcement: (a) => {
      switch (a?.code) {
        case 'revealer_revealed':
          return say('announcement.revealer_revealed', { role: role('Role Revealer'), name: a.params.player.displayName, team: teamPhrase(a.params.team) });
        case 'revealer_shielded':
          return say('announcement.revealer_shielded', { role: role('Role Revealer'), name: a.params.player.displayName });
        default:
          return '';
      }
    },
    winCondition: (c) => {
      switch (c?.code) {
        case 'self_eliminator_wins':
        case 'helper_wins_no_wolves':
        case 'stalker_wins':
          return say(`win.${c.code}`, { role: role(c.params.role) });
        case 'good_wins_wolf_eliminated':
        case 'good_wins_no_wolves':
        case 'bad_wins':
          return say(`win.${c.code}`, { teamName: teamName(c.params.team) });
        case 'nobody_wins_no_wolves':
        case 'nobody_wins':
          return say(`win.${c.code}`);
        default:
          return '';
      }
    },
    winReason: (r) => {
      if (!r) return '';
      switch (r.code) {
        case 'stalker_target_eliminated':
        case 'stalker_target_survived':
          return say(`reason.${r.code}`, { name: r.params.player.displayName });
        case 'bad_lost_self_eliminator':
          return say('reason.bad_lost_self_eliminator', { role: role('Self-Eliminator') });
        default: {
          const key = `reason.${r.code}` as MessageKey;
          return key in REASON_KEYS ? say(key) : '';
        }
      }
    },
    notice: (n) => {
      const title = t(`notice.${n.code}.title` as MessageKey);
      if (n.code === 'bot_added') return { title, message: say('notice.bot_added.message', { name: n.params.player.displayName, role: role(n.params.role) }) };
      if (n.code === 'player_kicked') return { title, message: t('notice.player_kicked.message', { name: n.params.player.displayName }) };
      return { title, message: t(`notice.${n.code}.message` as MessageKey) };
    },
    actionKind: (kind) => {
      const key = `kind.${kind}` as MessageKey;
      if (!(key in KIND_KEYS)) return String(kind);
      const viewed = theme.actions?.viewed?.trim() || localTheme(GENERIC_THEME).actions.viewed;
      const swapped = theme.actions?.swapped?.trim() || localTheme(GENERIC_THEME).actions.swapped;
      return say(key, { Viewed: capitalize(viewed), Swapped: capitalize(swapped) });
    },
    artifactName,
    artifactEffect,
    phase: (phase) => (phase === 'job_choice' ? theme.text?.nightPhase?.trim() || t('phase.job_choice') : t(`phase.${phase}` as MessageKey)),
  };
}

/** The catalogue keys of the reasons and action kinds (a code this client does not know is not looked up). */
const REASON_KEYS: Readonly<Record<string, unknown>> = Object.fromEntries(Object.entries(EN).filter(([k]) => k.startsWith('reason.')));
const KIND_KEYS: Readonly<Record<string, unknown>> = Object.fromEntries(Object.entries(EN).filter(([k]) => k.startsWith('kind.')));

/**
 * Targets of a night-log action ('Ava and Ben', 'center cards 1 and 3', 'center card 2 → Ben', 'to the
 * left'), named from the action payload (spec 000 section 2: the night log lists what each role did).
 */
export function actionTargets(action: ActionPayload, nameOf: (userId: string) => string): string {
  const parts: string[] = [];
  if (action.player1UserId && action.player2UserId) parts.push(joinList([nameOf(action.player1UserId), nameOf(action.player2UserId)]));
  if (action.targetUserIds && action.targetUserIds.length > 0) parts.push(joinList(action.targetUserIds.map(nameOf)));
  if (action.positions && action.positions.length > 0) parts.push(t('center.cards', { list: joinList(action.positions.map((p) => String(p + 1))) }));
  if (action.centerIndex !== undefined && action.centerIndex !== null) parts.push(t('center.card', { n: action.centerIndex + 1 }));
  if (action.targetUserId) parts.push(nameOf(action.targetUserId));
  if (action.direction) parts.push(t(action.direction === 'left' ? 'targets.left' : 'targets.right'));
  return parts.join(t('targets.separator'));
}
