import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CustomRoleView, RoleId } from '@nightfall/game-rules';
import { ruleText, type RuleText } from '../i18n/rules';
import { NO_CUSTOM_ROLES, roleDisplay, themeOf, type RoleDisplay, type RoleSource } from '../lib/roles';
import { useActiveTheme } from '../theme/activeTheme';

const RolesContext = createContext<RoleSource>(NO_CUSTOM_ROLES);

/**
 * Gives every role component below it the game's custom roles and theme id (`view.game.customRoles`,
 * `view.game.themeId`), so that a card of either kind is shown with its title and picture. Outside a
 * provider only catalogue roles are known. The active theme (`useActiveTheme()`) is added by
 * {@link useRoleSource} everywhere.
 */
export function RolesProvider({ customRoles, themeId, children }: { customRoles: readonly CustomRoleView[] | null | undefined; themeId: string | null | undefined; children: ReactNode }) {
  const value = useMemo<RoleSource>(() => ({ customRoles: customRoles ?? [], themeId: themeId ?? null }), [customRoles, themeId]);
  return <RolesContext.Provider value={value}>{children}</RolesContext.Provider>;
}

/** The custom roles and theme id of the game on screen, with the active theme (role names, teams, colours). */
export function useRoleSource(): RoleSource {
  const source = useContext(RolesContext);
  const { theme } = useActiveTheme();
  return useMemo<RoleSource>(() => ({ ...source, theme }), [source, theme]);
}

/** What to show for a card (title, team, group, texts, colour, picture) in the game on screen. */
export function useRoleDisplay(card: string | null | undefined): RoleDisplay {
  const source = useRoleSource();
  return roleDisplay(source, card);
}

/**
 * The rules engine's codes worded for the screen (docs/rules.md "Message codes"): through the catalogue, the
 * active theme and the game's custom role titles.
 */
export function useRuleText(): RuleText {
  const source = useRoleSource();
  return useMemo(() => ruleText({ theme: themeOf(source), roleName: (r: RoleId) => roleDisplay(source, r).title }), [source]);
}
