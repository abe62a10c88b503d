import { Button, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** 404 page titled 'Page Not Found' with a link home. */
export default function NotFoundPage() {
  return (
    <main className="nf-page" data-testid="not-found-page">
      <div className="nf-status">
        <div className="nf-hero-title" style={{ fontSize: 72 }} aria-hidden>
          404
        </div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Page Not Found
        </Typography.Title>
        <Typography.Text type="secondary">The page you are looking for does not exist.</Typography.Text>
        <Link to="/" data-testid="not-found-home">
          <Button type="primary" size="large">
            Return to Home
          </Button>
        </Link>
      </div>
    </main>
  );
}
