/**
 * The theme this browser shows (docs/themes.md "In the browser"). One theme is active for the whole app:
 * the generic built-in one, or a pack read from browser storage (its pictures as object URLs). Screens read
 * it with {@link useActiveTheme}; what is chosen and loaded is decided by the provider's owner (start-up
 * selection, a pack accepted in a game, a preference change) through {@link useSetActiveTheme}.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { GENERIC_THEME } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { isRoleName } from '@nightfall/game-rules';
import { localTheme } from '../i18n/locale';

/** A theme ready to render: the checked {@link Theme} plus URLs of its pictures. */
export interface ActiveTheme {
  theme: Theme;
  /** True for the built-in generic theme (bundled role art is used then). */
  builtIn: boolean;
  /** URL of a picture of the pack by its path in the pack (`theme.roles[r].image`, assets), or null. */
  image(path: string | null | undefined): string | null;
  /** The pack's picture of a catalogue role, or null (the bundled art is shown then). */
  roleImage(role: string | null | undefined): string | null;
  /** The home background of the pack (`assets.homeBackground`, `homeBackgroundImage`), or null. */
  homeBackground: string | null;
  /**
   * False until the start-up choice was made (or {@link SETTLE_MS} passed): screens that show the
   * theme's title wait for it instead of flashing the generic one ('Loading theme...').
   */
  settled: boolean;
}

/** Longest wait for the start-up theme before screens show what they have, ms. */
export const SETTLE_MS = 2500;

/** A pack's theme and its files (path in the pack -> bytes), as the pack store reads them. */
export interface ThemePackFiles {
  theme: Theme;
  files: ReadonlyMap<string, Blob>;
}

function activeFrom(pack: ThemePackFiles | null, settled = true): { active: ActiveTheme; urls: string[] } {
  if (!pack) {
    const image = () => null;
    // The generic theme in the locale in use (docs/architecture.md "Locales"; the tree is remounted on a change).
    return { active: { theme: localTheme(GENERIC_THEME), builtIn: true, image, roleImage: image, homeBackground: null, settled }, urls: [] };
  }
  const urls = new Map<string, string>();
  for (const [path, blob] of pack.files) urls.set(path, URL.createObjectURL(blob));
  const image = (path: string | null | undefined): string | null => (path ? (urls.get(path) ?? urls.get(path.replace(/^\/+/, '')) ?? null) : null);
  const { theme } = pack;
  const roleImage = (role: string | null | undefined): string | null => {
    if (!role || !isRoleName(role)) return null;
    const r = theme.roles[role];
    return image(r?.image) ?? image(r?.icon);
  };
  const homeBackground = image(theme.assets?.homeBackground) ?? image(theme.homeBackgroundImage) ?? image(theme.backgroundImage);
  return { active: { theme, builtIn: false, image, roleImage, homeBackground, settled }, urls: [...urls.values()] };
}

const GENERIC_ACTIVE = activeFrom(null, true).active;

const ActiveThemeContext = createContext<ActiveTheme>(GENERIC_ACTIVE);
const SetActiveThemeContext = createContext<(pack: ThemePackFiles | null) => void>(() => undefined);

/**
 * Holds the active theme. `initial` lets a test or a screen start from a given pack. Object URLs of a
 * replaced pack are revoked.
 */
export function ActiveThemeProvider({ children, initial }: { children: ReactNode; initial?: ThemePackFiles | null }) {
  const [pack, setPackState] = useState<ThemePackFiles | null>(initial ?? null);
  const [settled, setSettled] = useState(initial !== undefined);
  const setPack = useCallback((next: ThemePackFiles | null) => {
    setPackState(next);
    setSettled(true);
  }, []);
  useEffect(() => {
    if (settled) return;
    const t = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(t);
  }, [settled]);
  const built = useMemo(() => activeFrom(pack), [pack]);
  const active = useMemo(() => ({ ...built.active, settled }), [built, settled]);
  useEffect(() => () => built.urls.forEach((u) => URL.revokeObjectURL(u)), [built]);
  useEffect(() => {
    document.documentElement.dataset.theme = built.active.theme.id;
  }, [built]);
  return (
    <SetActiveThemeContext.Provider value={setPack}>
      <ActiveThemeContext.Provider value={active}>{children}</ActiveThemeContext.Provider>
    </SetActiveThemeContext.Provider>
  );
}

/** The active theme (generic outside a provider). */
export function useActiveTheme(): ActiveTheme {
  const active = useContext(ActiveThemeContext);
  return active === GENERIC_ACTIVE ? activeFrom(null, true).active : active;
}

/** Replaces the active theme: a pack's theme and files, or null for generic. */
export function useSetActiveTheme(): (pack: ThemePackFiles | null) => void {
  return useContext(SetActiveThemeContext);
}
