import { Typography } from 'antd';
import { THEME_TEST_IDS } from './testIds';
import { FORMAT_LINES, REQUIREMENT_LINES, THEME_TEXT } from './texts';

/** The supported formats and the stated requirements (spec 001 sections 2 and 5). */
export function FormatsHelp() {
  return (
    <div className="nf-theme-help" data-testid={THEME_TEST_IDS.formats}>
      <Typography.Text strong>{THEME_TEXT.formatsTitle}</Typography.Text>
      <ul className="nf-theme-help-formats">
        {FORMAT_LINES.map((line) => (
          <li key={line}>
            <Typography.Text type="secondary">{line}</Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Text strong>{THEME_TEXT.requirementsTitle}</Typography.Text>
      <ul>
        {REQUIREMENT_LINES.map((line) => (
          <li key={line}>
            <Typography.Text type="secondary">{line}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
