/**
 * The narrator's script (docs/architecture.md "Table experience", issue 13 item 4): the lines the host's device
 * says when a phase starts, worded through the catalogue (`i18n/en/narration.ts`) and the active theme. Only
 * public facts go in: the phase and the distinct acting roles of the game's selection in night order
 * (`rolesInNightOrder` of @nightfall/game-rules, docs/rules.md "Night order"), never a player, never who holds a
 * card, never an action; so the script is a function of (phase, selection, custom roles, theme) alone and
 * cannot leak what the host's own view knows. Framework-free (unit tested in script.spec.ts).
 */
import { rolesInNightOrder } from '@nightfall/game-rules';
import type { CustomRoleDef, Phase, RoleId, RoleName } from '@nightfall/game-rules';
import { GENERIC_THEME, themeRoleName } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { commonNoun, plural } from '../../../i18n/en/grammar';
import { t, type MessageKey } from '../../../i18n/t';

/** The line of each catalogue role that acts at night; other acting cards (custom roles) get `narration.role.other`. */
const ROLE_LINES: Partial<Record<RoleName, MessageKey>> = {
  'Bad Guy': 'narration.role.bad_guy',
  'Bad Guy Converter': 'narration.role.bad_guy_converter',
  'Advanced Bad Guy': 'narration.role.advanced_bad_guy',
  'Role Locker': 'narration.role.role_locker',
  'Role Copier': 'narration.role.role_copier',
  'Paranormal Investigator': 'narration.role.paranormal_investigator',
  Protector: 'narration.role.protector',
  Stalker: 'narration.role.stalker',
  'Role Looker': 'narration.role.role_looker',
  'Single Role Looker': 'narration.role.single_role_looker',
  'Role Revealer': 'narration.role.role_revealer',
  'Role Thief': 'narration.role.role_thief',
  'Role Swapper': 'narration.role.role_swapper',
  'Village Idiot': 'narration.role.village_idiot',
  'Random Role Taker': 'narration.role.random_role_taker',
  'Role Giver': 'narration.role.role_giver',
  Tapper: 'narration.role.tapper',
  'Item Giver': 'narration.role.item_giver',
  'Self-Checker': 'narration.role.self_checker',
};

/** What the script needs besides the phase: the public selection and how roles are named on screen. */
export interface ScriptSource {
  /** The game's selection (`view.game.selectedRoles`): public from the lobby on. */
  selection: readonly RoleId[];
  /** The game's custom roles (`view.game.customRoles`): their night order places them in the night. */
  customRoles?: readonly CustomRoleDef[];
  /** The active theme (night phase, the bad guy's and the pile's names). */
  theme?: Theme | null;
  /** The name shown for a card: the theme's name of a catalogue role, a custom role's title (`useRuleText().role`). */
  roleName(role: RoleId): string;
}

/** One line of the script: its catalogue key (what tests check) and its text. */
export interface NarrationLine {
  key: MessageKey;
  text: string;
}

/**
 * The lines said when `phase` starts: job_choice opens the night then wakes each acting role of the selection
 * in night order (one line per distinct role, whatever its count); role_resolve wakes everyone; discussion,
 * vote and results get one short line; role_deal and the lobby none.
 */
export function narrationScript(phase: Phase, source: ScriptSource): NarrationLine[] {
  const theme = source.theme ?? GENERIC_THEME;
  const wolf = themeRoleName(theme, 'Bad Guy');
  const words = {
    night: theme.text?.nightPhase?.trim() || GENERIC_THEME.text.nightPhase,
    wolf: commonNoun(wolf),
    wolves: commonNoun(plural(wolf)),
    pile: commonNoun(theme.actions?.badGuyPile?.trim() || GENERIC_THEME.actions.badGuyPile),
  };
  const line = (key: MessageKey, params: Record<string, string> = {}): NarrationLine => ({ key, text: t(key, { ...words, ...params }) });
  switch (phase) {
    case 'job_choice':
      return [
        line('narration.night.start'),
        ...rolesInNightOrder(source.selection, source.customRoles ?? []).map(({ role }) => {
          const name = source.roleName(role);
          return line(ROLE_LINES[role as RoleName] ?? 'narration.role.other', { role: name, roles: plural(name) });
        }),
      ];
    case 'role_resolve':
      return [line('narration.resolve')];
    case 'discussion':
      return [line('narration.discussion')];
    case 'vote':
      return [line('narration.vote')];
    case 'results':
      return [line('narration.results')];
    default:
      return [];
  }
}
