import { Card, Empty } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { ADMIN_TEXT } from './texts';

/** Theme Settings (/admin/theme): a placeholder until the themes work builds the page (spec 001 section 2). */
export function ThemeSettingsTab() {
  return (
    <Card data-testid="admin-theme">
      <Empty image={<BgColorsOutlined style={{ fontSize: 48, color: 'rgba(255,255,255,0.35)' }} />} description={ADMIN_TEXT.themePlaceholder} />
    </Card>
  );
}
