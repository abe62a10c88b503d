import { t } from '../../i18n/t';
import { attemptText, HOST_OFFERS, PURCHASE_POLL } from './offers';

describe('purchase texts and constants', () => {
  it("counts attempts as 'attempt n/20'", () => {
    expect(attemptText(1)).toBe('attempt 1/20');
    expect(attemptText(20)).toBe('attempt 20/20');
    expect(attemptText(25)).toBe('attempt 20/20');
  });
  it('polls every 3 s for 60 s (20 attempts) and redirects 2 s after activation', () => {
    expect(PURCHASE_POLL.timeoutMs / PURCHASE_POLL.intervalMs).toBe(PURCHASE_POLL.maxAttempts);
    expect(PURCHASE_POLL.redirectDelayMs).toBe(2000);
  });
  it('uses the spec texts', () => {
    expect(HOST_OFFERS.permanent.label).toBe('Unlock Hosting Forever ($9.99)');
    expect(HOST_OFFERS.permanent.note).toBe('One-time purchase • Create unlimited rooms');
    expect(HOST_OFFERS.pass48h.label).toBe('48-Hour Host Pass ($1.99)');
    expect(HOST_OFFERS.pass48h.note).toBe('Create rooms for 48 hours');
    expect(t('purchase.success.slow')).toBe('The process is taking longer than expected. Please click refresh or check back later.');
  });
});
