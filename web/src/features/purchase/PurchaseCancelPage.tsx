import { Button, Card, Result } from 'antd';
import { CloseCircleOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { GENERIC_THEME } from '../../theme/appTheme';
import '../account/account.css';

/** /purchase/cancel: 'Purchase Cancelled', nothing was charged, back home to try again. */
export default function PurchaseCancelPage() {
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid="purchase-cancel-page">
      <h1 className="nf-hero-title nf-page-title">{GENERIC_THEME.homeTitle}</h1>
      <div className="nf-form-page">
        <Card>
          <Result
            icon={<CloseCircleOutlined style={{ color: '#f59e0b' }} />}
            title="Purchase Cancelled"
            subTitle="Your payment was cancelled and you have not been charged. You can unlock hosting at any time from the home screen."
            extra={
              <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="purchase-cancel-home">
                Return to Home
              </Button>
            }
          />
        </Card>
      </div>
    </main>
  );
}
