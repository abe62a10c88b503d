import { Typography } from 'antd';
import { t, type MessageKey } from '../../i18n/themes';
import { THEME_TEST_IDS } from './testIds';

/** The supported formats of the upload card (spec 001 sections 2 and 5). */
const FORMAT_LINES: readonly MessageKey[] = ['themes.formats.theme_json', 'themes.formats.default_pack', 'themes.formats.manifest'];

/** The stated requirements (spec 001 section 5: stated, the count and the 50 MB limit are not enforced here). */
const REQUIREMENT_LINES: readonly MessageKey[] = ['themes.requirements.roles', 'themes.requirements.images', 'themes.requirements.max_size', 'themes.requirements.capacity'];

/** The supported formats and the stated requirements (spec 001 sections 2 and 5). */
export function FormatsHelp() {
  return (
    <div className="nf-theme-help" data-testid={THEME_TEST_IDS.formats}>
      <Typography.Text strong>{t('themes.formats.title')}</Typography.Text>
      <ul className="nf-theme-help-formats">
        {FORMAT_LINES.map((line) => (
          <li key={line}>
            <Typography.Text type="secondary">{t(line)}</Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Text strong>{t('themes.requirements.title')}</Typography.Text>
      <ul>
        {REQUIREMENT_LINES.map((line) => (
          <li key={line}>
            <Typography.Text type="secondary">{t(line)}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
