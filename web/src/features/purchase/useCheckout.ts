import { useState } from 'react';
import { accountApi, serverMessage, type HostProduct } from '../../lib/api';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';

/** Leaves the app for the payment page (a separate function so tests and callers share one place). */
function goTo(url: string): void {
  window.location.href = url;
}

/**
 * POST /api/checkout/{host|host-pass-48h}, then sends the browser to the returned checkoutUrl. Failures
 * toast 'Failed to start checkout' with the server's error or 'Please try again later' (spec 001 section 8).
 * `busy` names the product being started (it stays set while the browser leaves).
 */
export function useCheckout(): { start: (product: HostProduct) => Promise<void>; busy: HostProduct | null } {
  const [busy, setBusy] = useState<HostProduct | null>(null);
  const toast = useToast();

  const start = async (product: HostProduct) => {
    if (busy) return;
    setBusy(product);
    try {
      const { checkoutUrl } = await accountApi.checkout(product);
      if (!checkoutUrl) throw new Error('No checkout URL');
      goTo(checkoutUrl);
    } catch (err) {
      setBusy(null);
      toast.error(t('purchase.checkout.failed.title'), serverMessage(err, t('purchase.try_later')));
    }
  };

  return { start, busy };
}
