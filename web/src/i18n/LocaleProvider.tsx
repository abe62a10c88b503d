/**
 * The locale for React (docs/architecture.md "Locales"): the chosen language, antd's texts in it, and a way to
 * change it. `t()` reads the installed catalogue, so a change remounts the screens below (`key`): every text
 * is read again in the new language, and the page stays where it was (the router reads the URL again).
 */
import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { activeLocale, antdLocale, switchLocale, type Locale } from './locale';

interface LocaleChoice {
  locale: Locale;
  /** Loads, installs and saves `next`, then shows every screen in it. */
  setLocale(next: Locale): Promise<void>;
}

const LocaleContext = createContext<LocaleChoice>({ locale: 'en', setLocale: async () => undefined });

/** Holds the locale installed at start-up (`startLocale()` in main.tsx) and its changes. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<Locale>(activeLocale);
  const setLocale = useCallback(async (next: Locale) => {
    setState(await switchLocale(next));
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <ConfigProvider locale={antdLocale()}>
        <Fragment key={locale}>{children}</Fragment>
      </ConfigProvider>
    </LocaleContext.Provider>
  );
}

/** The locale on screen and how to change it. */
export function useLocaleChoice(): LocaleChoice {
  return useContext(LocaleContext);
}
