import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { THEME_TEST_IDS } from './testIds';
import { t } from '../../i18n/themes';
import { ThemePacksList } from './ThemePacksList';
import { ThemeUploadCard } from './ThemeUploadCard';

/**
 * /themes (spec 001 section 2 "Theme Upload"): the title 'Theme Upload', a back-to-home button and the
 * upload card, with the packs of this browser below it.
 */
export default function ThemesPage() {
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid={THEME_TEST_IDS.page}>
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')} data-testid={THEME_TEST_IDS.back}>
          {t('themes.home')}
        </Button>
      </div>
      <Typography.Title level={1} className="nf-page-title">
        {t('themes.page_title')}
      </Typography.Title>
      <ThemeUploadCard />
      <ThemePacksList />
    </main>
  );
}
