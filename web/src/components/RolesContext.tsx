import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CustomRoleView } from '@nightfall/game-rules';
import { NO_CUSTOM_ROLES, roleDisplay, type RoleDisplay, type RoleSource } from '../lib/roles';

const RolesContext = createContext<RoleSource>(NO_CUSTOM_ROLES);

/**
 * Gives every role component below it the game's custom roles and theme id (`view.game.customRoles`,
 * `view.game.themeId`), so that a card of either kind is shown with its title and picture. Outside a
 * provider only catalogue roles are known.
 */
export function RolesProvider({ customRoles, themeId, children }: { customRoles: readonly CustomRoleView[] | null | undefined; themeId: string | null | undefined; children: ReactNode }) {
  const value = useMemo<RoleSource>(() => ({ customRoles: customRoles ?? [], themeId: themeId ?? null }), [customRoles, themeId]);
  return <RolesContext.Provider value={value}>{children}</RolesContext.Provider>;
}

/** The custom roles and theme of the game on screen. */
export function useRoleSource(): RoleSource {
  return useContext(RolesContext);
}

/** What to show for a card (title, team, group, texts, picture) in the game on screen. */
export function useRoleDisplay(card: string | null | undefined): RoleDisplay {
  const source = useRoleSource();
  return roleDisplay(source, card);
}
