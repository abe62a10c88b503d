import { useId } from 'react';
import { LOCALES, type Locale } from '../i18n/locale';
import { useLocaleChoice } from '../i18n/LocaleProvider';
import { t } from '../i18n/t';

/**
 * The language selector (docs/architecture.md "Locales"): a native select, light enough for the home route
 * (no icon: an icon module weighs more than this component), each language in its own name. `showLabel`
 * writes 'Language' before it (the profile page); otherwise the label is for screen readers only.
 */
export function LanguageSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { locale, setLocale } = useLocaleChoice();
  const id = useId();
  return (
    <span className="nf-language" data-testid="language">
      <label htmlFor={id} className={showLabel ? 'nf-language-label' : 'nf-sr-only'}>
        {t('locale.label')}
      </label>
      <select id={id} className="nf-language-select" value={locale} onChange={(e) => void setLocale(e.target.value as Locale)} data-testid="language-select">
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`locale.${l}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
