import { Button, Card, Result } from 'antd';
import { CloseCircleOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/t';
import { useActiveTheme } from '../../theme/activeTheme';
import '../account/account.css';

/** /purchase/cancel: 'Purchase Cancelled', nothing was charged, back home to try again. */
export default function PurchaseCancelPage() {
  const { theme } = useActiveTheme();
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid="purchase-cancel-page">
      <h1 className="nf-hero-title nf-page-title">{theme.text.homeTitle}</h1>
      <div className="nf-form-page">
        <Card>
          <Result
            icon={<CloseCircleOutlined style={{ color: '#f59e0b' }} />}
            title={t('purchase.cancel.title')}
            subTitle={t('purchase.cancel.text')}
            extra={
              <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="purchase-cancel-home">
                {t('purchase.return_home')}
              </Button>
            }
          />
        </Card>
      </div>
    </main>
  );
}
