/**
 * Choosing and loading the active theme (spec 001 sections 2 "Other" and 4 "Theme selection";
 * docs/themes.md "Selection"). At start-up and whenever the account changes: the signed-in user's
 * preferredThemeId, else the theme saved in this browser (`selectedTheme`), else the global default,
 * else generic. A preferred or global-default pack that this browser does not hold yet is downloaded from
 * the theme service (by its SHA-256) and installed. Failures are logged and generic is used.
 */
import { useCallback, useEffect, useRef } from 'react';
import { GENERIC_THEME_ID, selectThemeId } from '@nightfall/themes';
import type { ThemePackInfo } from '@nightfall/protocol';
import { useMe } from '../hooks/useMe';
import { LEGACY_LIST_KEY, LEGACY_PACK_PREFIX, SELECTED_THEME_KEY } from '../features/themes/store/constants';
import { useSetActiveTheme } from './activeTheme';
import { downloadPack, themeApi } from './themeApi';

/**
 * The pack store (idb, jszip) is loaded on demand: the home route shows the generic theme without it, and
 * a browser with a saved pack, or whose server answer names one, loads it right after the first paint.
 */
const packStore = () => import('../features/themes/store');

/**
 * Installs a stored pack of the theme service in this browser when it is not there yet (download, hash
 * check, install, server info kept so that a host can share it again).
 * @returns the local pack id (the theme's id)
 * @throws ApiRequestError / Error on a failed download or install
 */
export async function ensurePackInstalled(pack: Pick<ThemePackInfo, 'themeId' | 'sha256' | 'sizeBytes' | 'storedThemeId'>): Promise<string> {
  const { listPacks, installPack, setPackServerInfo } = await packStore();
  const local = (await listPacks()).find((p) => p.id === pack.themeId && (!p.server || p.server.sha256 === pack.sha256));
  if (local) return local.id;
  const bytes = await downloadPack(pack.sha256);
  const meta = await installPack(bytes);
  await setPackServerInfo(meta.id, { storedThemeId: pack.storedThemeId, sha256: pack.sha256, sizeBytes: pack.sizeBytes });
  return meta.id;
}

/** What the theme menus and dialogs call to change the active theme. */
export interface ThemeActions {
  /**
   * Makes a locally installed pack (or 'generic') the active theme and saves it as `selectedTheme`.
   * An unknown id falls back to generic (spec 001 section 4).
   * @returns the id now active
   */
  activate(id: string): Promise<string>;
}

/** {@link ThemeActions} bound to the app's active theme. */
export function useThemeActions(): ThemeActions {
  const setActive = useSetActiveTheme();
  const activate = useCallback(
    async (id: string): Promise<string> => {
      const { loadPack, saveThemeId } = await packStore();
      const pack = id === GENERIC_THEME_ID ? null : await loadPack(id).catch(() => null);
      setActive(pack);
      const active = pack ? pack.theme.id : GENERIC_THEME_ID;
      saveThemeId(active);
      return active;
    },
    [setActive],
  );
  return { activate };
}

/** What the theme service says for this browser (docs/themes.md "Selection"). */
interface ServerChoice {
  /** The signed-in user's preferred theme id, else null. */
  preferred: string | null;
  /** The global default theme id when the answer names it, else null. */
  globalDefault: string | null;
  /** The stored pack the answer names (to install when this browser lacks it), else null. */
  pack: ThemePackInfo | null;
}

/**
 * Asks the theme service: the signed-in user's resolved theme, else (signed out, and only when `wantDefault`)
 * the global default. A failure is logged and counts as no answer: the saved theme or generic is shown.
 */
async function askServer(signedIn: boolean, wantDefault: boolean): Promise<ServerChoice> {
  try {
    if (signedIn) {
      const r = await themeApi.resolved();
      return { preferred: r.source === 'preferred' ? r.themeId : null, globalDefault: r.source === 'default' ? r.themeId : null, pack: r.pack ?? null };
    }
    if (wantDefault) {
      const d = await themeApi.globalDefault();
      return { preferred: null, globalDefault: d.defaultTheme, pack: d.pack ?? null };
    }
  } catch (err) {
    console.warn('Theme settings unavailable; using the saved theme or generic', err);
  }
  return { preferred: null, globalDefault: null, pack: null };
}

/**
 * The theme saved in this browser (`selectedTheme`, docs/themes.md "Storage in the browser") when this browser
 * holds nothing for the pack store to show or move: no saved theme other than generic and no packs of older
 * versions in localStorage. Else (or when localStorage is unavailable) undefined.
 */
function savedIdWithoutPacks(): string | null | undefined {
  try {
    const storage = window.localStorage;
    const saved = storage.getItem(SELECTED_THEME_KEY);
    if (saved !== null && saved !== GENERIC_THEME_ID) return undefined;
    if (storage.getItem(LEGACY_LIST_KEY) !== null) return undefined;
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(LEGACY_PACK_PREFIX)) return undefined;
    return saved;
  } catch {
    return undefined;
  }
}

const isGenericOrNone = (id: string | null): boolean => id === null || id === '' || id === GENERIC_THEME_ID;

/**
 * Picks the theme id to show and makes sure its pack is here (see the module comment). A browser without
 * packs whose server answer names none shows generic without loading the pack store (idb, jszip), which
 * keeps it off the home route (issue 12 scope 4; docs/themes.md "Selection").
 */
async function chooseTheme(signedIn: boolean): Promise<string> {
  let choice: ServerChoice | null = null;
  const bare = savedIdWithoutPacks();
  if (bare !== undefined) {
    choice = await askServer(signedIn, bare === null);
    if (!choice.pack && isGenericOrNone(choice.preferred) && isGenericOrNone(choice.globalDefault)) return GENERIC_THEME_ID;
  }
  const { startThemeStorage, savedThemeId, hasPack, listPacks } = await packStore();
  const storage = await startThemeStorage();
  if (!storage.supported) return GENERIC_THEME_ID;
  if (!choice) {
    const saved = savedThemeId();
    const held = saved !== null && (saved === GENERIC_THEME_ID || (await hasPack(saved)));
    choice = await askServer(signedIn, !held);
  }
  if (choice.pack) await ensurePackInstalled(choice.pack).catch((err: unknown) => console.warn('Theme download failed', err));
  const known = new Set((await listPacks().catch(() => [])).map((p) => p.id));
  return selectThemeId({ preferredThemeId: choice.preferred, savedThemeId: savedThemeId(), globalDefaultThemeId: choice.globalDefault, known: (id) => known.has(id) });
}

/**
 * Loads the active theme at start-up and again when the signed-in account changes. Renders nothing;
 * place it once inside the providers (App).
 */
export function ThemeBootstrap() {
  const { me, isLoading } = useMe();
  const setActive = useSetActiveTheme();
  const account = isLoading ? undefined : me && !me.isGuest ? me.id : null;
  const run = useRef(0);
  useEffect(() => {
    if (account === undefined) return;
    const mine = ++run.current;
    void (async () => {
      try {
        const id = await chooseTheme(account !== null);
        const pack = id === GENERIC_THEME_ID ? null : await (await packStore()).loadPack(id);
        if (run.current === mine) setActive(pack);
      } catch (err) {
        console.warn('Theme could not be loaded; using generic', err);
        if (run.current === mine) setActive(null);
      }
    })();
  }, [account, setActive]);
  return null;
}
