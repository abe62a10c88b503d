import { Button } from 'antd';
import { ClockCircleOutlined, CrownOutlined } from '@ant-design/icons';
import { HOST_OFFERS } from './offers';
import { useCheckout } from './useCheckout';

/**
 * Main actions of a signed-in user without host rights: 'Unlock Hosting Forever ($9.99)' and '48-Hour Host
 * Pass ($1.99)', each with its note; a tap starts the checkout and leaves for the payment page.
 */
export function PurchaseOptions() {
  const { start, busy } = useCheckout();
  return (
    <div className="nf-actions" data-testid="purchase-options">
      <div className="nf-offer">
        <Button
          type="primary"
          size="large"
          block
          icon={<CrownOutlined />}
          loading={busy === 'host'}
          disabled={busy !== null}
          onClick={() => void start('host')}
          data-testid="buy-host-permanent"
        >
          {HOST_OFFERS.permanent.label}
        </Button>
        <span className="nf-offer-note">{HOST_OFFERS.permanent.note}</span>
      </div>
      <div className="nf-offer">
        <Button
          size="large"
          block
          icon={<ClockCircleOutlined />}
          loading={busy === 'host-pass-48h'}
          disabled={busy !== null}
          onClick={() => void start('host-pass-48h')}
          data-testid="buy-host-pass"
        >
          {HOST_OFFERS.pass48h.label}
        </Button>
        <span className="nf-offer-note">{HOST_OFFERS.pass48h.note}</span>
      </div>
    </div>
  );
}
