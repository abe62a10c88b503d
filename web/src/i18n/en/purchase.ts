/** Texts of the host offers and the payment pages (web/src/features/purchase), spec 001 sections 2, 4 and 8 word for word. */
export const PURCHASE_EN = {
  'purchase.offer.permanent.label': 'Unlock Hosting Forever ($9.99)',
  'purchase.offer.permanent.note': 'One-time purchase • Create unlimited rooms',
  'purchase.offer.pass_48h.label': '48-Hour Host Pass ($1.99)',
  'purchase.offer.pass_48h.note': 'Create rooms for 48 hours',
  'purchase.checkout.failed.title': 'Failed to start checkout',
  'purchase.try_later': 'Please try again later',
  'purchase.return_home': 'Return to Home',

  // /purchase/success
  'purchase.success.activated.title': 'Host Access Activated!',
  'purchase.success.activated': 'You can now create game rooms. Taking you home...',
  'purchase.success.checking.title': 'Payment Successful',
  'purchase.success.checking': 'Activating your host access...',
  'purchase.success.attempt': 'attempt {attempt}/{max}',
  'purchase.success.checking_status': 'Checking status ({attempt})',
  'purchase.success.slow.title': 'Payment Received',
  'purchase.success.slow': 'The process is taking longer than expected. Please click refresh or check back later.',
  'purchase.success.refresh': 'Refresh',
  'purchase.success.grant_manual': 'Grant host access manually',
  'purchase.success.grant_failed.title': 'Error',

  // /purchase/cancel
  'purchase.cancel.title': 'Purchase Cancelled',
  'purchase.cancel.text': 'Your payment was cancelled and you have not been charged. You can unlock hosting at any time from the home screen.',
} as const;
