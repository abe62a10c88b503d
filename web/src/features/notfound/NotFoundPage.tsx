import { Button, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/t';

/** 404 page titled 'Page Not Found' with a link home. */
export default function NotFoundPage() {
  return (
    <main className="nf-page" data-testid="not-found-page">
      <div className="nf-status">
        <div className="nf-hero-title" style={{ fontSize: 72 }} aria-hidden>
          {t('notfound.code')}
        </div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('notfound.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('notfound.text')}</Typography.Text>
        <Link to="/" data-testid="not-found-home">
          <Button type="primary" size="large">
            {t('notfound.home')}
          </Button>
        </Link>
      </div>
    </main>
  );
}
