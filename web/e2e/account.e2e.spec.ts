/**
 * Issue "Accounts and host purchase" (web part) in Debian's Chromium at 390x844 against the real built
 * stack: sign up by magic link read from the development outbox, the Host Access block and Account
 * Information card, buying the 48-hour pass through the development checkout page, the success page's
 * polling, the countdown banner 'Host Pass expires in: 47h 59m', creating a room, editing the profile,
 * signing out and back in by magic link; plus the callback's error screens, 'Login Failed' and the
 * cancelled-payment page.
 *
 * Screenshots: test-output/e2e-account/NN-name.png (cleared at start).
 * Run: `npm run test:e2e -w @nightfall/web -- account` (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  accountButtonText,
  accountShot,
  dismissToasts,
  homeState,
  magicLinkFor,
  openProfile,
  outboxIds,
  pathname,
  prepareAccountShots,
  toast,
} from './account-support.js';
import { firstVisible, textOf, tid, useBrowserStack, visible } from './support.js';

/** The development checkout page: shows the order, then a button that completes the test payment. */
async function payOnDevCheckout(page: Page, shot: string): Promise<void> {
  await page.waitForURL((u) => u.pathname.startsWith('/dev/checkout'), { waitUntil: 'load' });
  expect(new URL(page.url()).searchParams.get('session')).toBeTruthy();
  await accountShot(page, shot);
  const pay = page.getByRole('button', { name: /pay|complete|confirm|succeed|success/i }).or(page.getByRole('link', { name: /pay|complete|confirm|succeed|success/i }));
  await pay.first().click();
}

describe('Accounts and host purchase in the browser (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareAccountShots });
  const open = env.open;
  const email = `night.owl.${Date.now().toString(36)}@example.com`;

  it('signs up by magic link, buys the 48-hour pass, sees the countdown, creates a room, edits the profile, signs out and back in', async () => {
    const u = await open('owl', 'Night Owl');
    const { page } = u;

    // 1. Signed out: 'Sign In / Sign Up', 'Sign In to Create Game' and 'Join Game'.
    await page.goto('/');
    expect(await homeState(page, 'signed-out')).toBe('signed-out');
    expect(await accountButtonText(page, 'Sign In / Sign Up')).toBe('Sign In / Sign Up');
    expect(await textOf(page.getByTestId('home-sign-in'), 'Sign In to Create Game')).toBe('Sign In to Create Game');
    await visible(page.getByRole('button', { name: 'Join Game' }));
    await accountShot(page, '01-home-signed-out');

    // 2. /auth: Sign Up tab, Magic Link method, e-mail only -> 'Magic Link Sent'.
    await page.getByTestId('home-sign-in').click();
    await page.waitForURL((x) => x.pathname === '/auth');
    await page.getByTestId('tab-signup').click();
    await page.getByTestId('method-magic').click();
    await visible(page.getByTestId('signup-email'));
    expect(await page.getByTestId('signup-password').count()).toBe(0);
    await page.getByTestId('signup-email').fill(email);
    await accountShot(page, '02-auth-signup-magic');
    const before = await outboxIds(env.stack.url);
    await page.getByTestId('signup-submit').click();
    expect(await toast(page, 'Magic Link Sent')).toBe('Check your email to complete signup');
    await visible(page.getByTestId('magic-link-sent'));
    await accountShot(page, '03-magic-link-sent');

    // 3. The link from the development outbox completes the signup: 'Success', home, not a host yet.
    const { mail, path } = await magicLinkFor(env.stack.url, email, before);
    expect(mail.subject).toBeTruthy();
    await page.goto(path);
    expect(await toast(page, 'Success')).toBe('Logged in successfully');
    expect(await homeState(page, 'no-host')).toBe('no-host');
    const prefix = email.split('@')[0]!;
    expect(await accountButtonText(page, prefix)).toBe(prefix);
    expect(await textOf(page.getByTestId('buy-host-permanent'), 'Unlock Hosting Forever ($9.99)')).toBe('Unlock Hosting Forever ($9.99)');
    expect(await textOf(page.getByTestId('buy-host-pass'), '48-Hour Host Pass ($1.99)')).toBe('48-Hour Host Pass ($1.99)');
    await visible(page.getByText('One-time purchase • Create unlimited rooms'));
    await visible(page.getByText('Create rooms for 48 hours'));
    await dismissToasts(page);
    await accountShot(page, '04-home-no-host');

    // 4. Profile modal: Host Access 'None' with an unlock button; Account Information: No Access.
    await openProfile(u);
    expect(await textOf(page.getByTestId('host-access-status'), 'None')).toBe('None');
    await visible(page.getByTestId('host-access-unlock'));
    await accountShot(page, '05-profile-modal-none');
    await page.getByTestId('show-account-info').click();
    const info = await visible(page.getByTestId('account-info'));
    expect(await textOf(page.getByTestId('account-info-email'), email)).toBe(email);
    expect(await textOf(page.getByTestId('account-info-member-since'), /^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await textOf(page.getByTestId('account-info-host-status'), 'No Access')).toBe('No Access');
    if (await page.getByTestId('account-info-last-login').count()) {
      expect(await textOf(page.getByTestId('account-info-last-login'))).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
    }
    await accountShot(page, '06-account-info');
    await page.getByTestId('account-info-close').click();
    await info.waitFor({ state: 'detached' });

    // 5. Creating a room is refused without host rights (the server's HOST_REQUIRED toast).
    const refused = await page.evaluate(async () => {
      const r = await fetch('/api/rooms/create', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return { status: r.status, body: (await r.json()) as { code?: string } };
    });
    expect(refused.body.code).toBe('HOST_REQUIRED');

    // 6. '48-Hour Host Pass ($1.99)' -> development checkout -> /purchase/success (attempt n/20) -> home.
    await page.getByTestId('buy-host-pass').click();
    await payOnDevCheckout(page, '07-dev-checkout');
    await page.waitForURL((x) => x.pathname === '/purchase/success');
    await visible(page.getByTestId('purchase-success-page'));
    // The test payment is granted before the redirect, so the first check usually succeeds at once; the
    // 'attempt n/20' view is photographed when it is caught.
    if ((await firstVisible(page, [tid('purchase-attempt'), tid('purchase-activated')])) === 'purchase-attempt') {
      const attempt = (await page.getByTestId('purchase-attempt').textContent({ timeout: 1000 }).catch(() => null)) ?? '';
      if (attempt) expect(attempt).toMatch(/attempt \d+\/20/);
      await accountShot(page, '08-purchase-checking');
    }
    await visible(page.getByTestId('purchase-activated'), 10_000);
    await accountShot(page, '09-purchase-activated');
    expect(await homeState(page, 'host')).toBe('host');

    // 7. Home with the pass: the countdown banner and 'Create Game'.
    const banner = await textOf(page.getByTestId('host-pass-banner'), /^Host Pass expires in: (47h 59m|48h 0m)$/);
    expect(['Host Pass expires in: 47h 59m', 'Host Pass expires in: 48h 0m']).toContain(banner);
    expect(await textOf(page.getByTestId('home-create-game'), 'Create Game')).toBe('Create Game');
    await accountShot(page, '10-home-host-pass');

    // 8. Profile modal: Active, 48-Hour Pass, 'Expires on', source; Account Information: Active (Pass).
    await openProfile(u);
    expect(await textOf(page.getByTestId('host-access-status'), 'Active')).toBe('Active');
    expect(await textOf(page.getByTestId('host-access-tier'), '48-Hour Pass')).toBe('48-Hour Pass');
    await visible(page.getByText('Expires on'));
    expect(await textOf(page.getByTestId('host-access-expiry'))).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
    expect(await textOf(page.getByTestId('host-access-source'))).not.toBe('');
    expect(await page.getByTestId('host-access-unlock').count()).toBe(0);
    await accountShot(page, '11-profile-modal-pass');
    await page.getByTestId('show-account-info').click();
    expect(await textOf(page.getByTestId('account-info-host-status'), /^Active \(Pass\) - (47h 59m|48h 0m) left$/)).toMatch(/^Active \(Pass\)/);
    await accountShot(page, '12-account-info-pass');
    await page.getByTestId('account-info-close').click();

    // 9. Create Game -> the lobby of a new room.
    await page.getByTestId('home-create-game').click();
    await page.waitForURL((x) => /^\/lobby\/[^/]+$/.test(x.pathname));
    await visible(page.getByTestId('phase-lobby'));
    expect(await textOf(page.getByTestId('room-code'), /^[A-Z0-9]{6}$/)).toMatch(/^[A-Z0-9]{6}$/);
    await accountShot(page, '13-lobby-created');

    // 10. Edit Profile: required name, then a new name shown on the account button.
    await page.goto('/');
    await homeState(page, 'host');
    await openProfile(u);
    await page.getByTestId('edit-profile').click();
    await page.waitForURL((x) => x.pathname === '/profile');
    await visible(page.getByTestId('profile-form'));
    expect(await page.getByTestId('profile-email').inputValue()).toBe(email);
    expect(await page.getByTestId('profile-email').isDisabled()).toBe(true);
    await visible(page.getByText('Your email cannot be changed'));
    await page.getByTestId('profile-display-name').fill('   ');
    await page.getByTestId('profile-save').click();
    await visible(page.getByText('Display name is required'));
    await accountShot(page, '14-profile-required');
    await page.getByTestId('profile-display-name').fill('Night Owl');
    await accountShot(page, '15-profile-filled');
    await page.getByTestId('profile-save').click();
    expect(await toast(page, 'Success')).toBe('Display name updated successfully');
    await homeState(page, 'host');
    expect(await accountButtonText(page, 'Night Owl')).toBe('Night Owl');
    await accountShot(page, '16-home-renamed');
    await dismissToasts(page);

    // Cancel on /profile goes home without saving.
    await page.goto('/profile');
    await page.getByTestId('profile-display-name').fill('Not Saved');
    await page.getByTestId('profile-cancel').click();
    await homeState(page, 'host');
    expect(await accountButtonText(page, 'Night Owl')).toBe('Night Owl');

    // 11. Sign Out: 'Logged Out', signed-out home; /profile now sends to /auth.
    await openProfile(u);
    await page.getByTestId('sign-out').click();
    expect(await toast(page, 'Logged Out')).toBe('You have been logged out successfully');
    expect(await homeState(page, 'signed-out')).toBe('signed-out');
    expect(await accountButtonText(page, 'Sign In / Sign Up')).toBe('Sign In / Sign Up');
    await accountShot(page, '17-signed-out');
    await page.goto('/profile');
    await page.waitForURL((x) => x.pathname === '/auth');

    // 12. Sign in again by magic link: 'Check your email for the sign-in link', link, host again.
    await page.getByTestId('method-magic').click();
    await page.getByTestId('signin-email').fill(email);
    const seenBefore = await outboxIds(env.stack.url);
    await page.getByTestId('signin-submit').click();
    expect(await toast(page, 'Magic Link Sent')).toBe('Check your email for the sign-in link');
    const again = await magicLinkFor(env.stack.url, email, seenBefore);
    await page.goto(again.path);
    expect(await toast(page, 'Success')).toBe('Logged in successfully');
    expect(await homeState(page, 'host')).toBe('host');
    expect(await accountButtonText(page, 'Night Owl')).toBe('Night Owl');

    // The link is single-use: opening it again is refused.
    await page.goto(again.path);
    expect(await toast(page, 'Invalid Token')).toBe('The login link is invalid or expired');
    await visible(page.getByText('Invalid or expired authentication link'));

    expect(u.errors).toEqual([]);
  });

  it('shows the callback errors, Login Failed, Email Already Registered and the cancelled payment page', async () => {
    const v = await open('visitor', 'Visitor');
    const { page } = v;

    await page.goto('/auth/callback');
    await visible(page.getByText('No authentication token provided'));
    await accountShot(page, '20-callback-no-token');

    await page.goto('/auth/callback?token=not-a-real-token');
    expect(await toast(page, 'Invalid Token')).toBe('The login link is invalid or expired');
    await visible(page.getByText('Invalid or expired authentication link'));
    await accountShot(page, '21-callback-invalid');
    await page.getByTestId('auth-callback-signin').click();
    await page.waitForURL((x) => x.pathname === '/auth');
    await visible(page.getByTestId('signin-email'));

    // Password sign-in with a wrong password.
    await page.goto('/auth');
    await page.getByTestId('signin-email').fill(env.stack.demoHost.email);
    await page.getByTestId('signin-password').fill('wrong-password');
    await page.getByTestId('signin-submit').click();
    expect(await toast(page, 'Login Failed')).not.toBe('');
    expect(pathname(page)).toBe('/auth');
    await accountShot(page, '22-login-failed');

    // Password sign-up with the demo host's e-mail: 409.
    await page.getByTestId('tab-signup').click();
    await page.getByTestId('signup-email').fill(env.stack.demoHost.email);
    await page.getByTestId('signup-password').fill('secret12');
    await page.getByTestId('signup-confirm').fill('secret13');
    await visible(page.getByText("Passwords don't match"));
    expect(await page.getByTestId('signup-submit').isDisabled()).toBe(true);
    await page.getByTestId('signup-confirm').fill('secret12');
    await page.getByTestId('signup-submit').click();
    expect(await toast(page, 'Email Already Registered')).toBe('This email is already associated with an account');
    await accountShot(page, '23-email-registered');

    await page.goto('/purchase/cancel');
    await visible(page.getByText('Purchase Cancelled'));
    await accountShot(page, '24-purchase-cancelled');
    await page.getByTestId('purchase-cancel-home').click();
    await homeState(page, 'signed-out');

    // Continue as Guest goes home.
    await page.goto('/auth');
    await page.getByTestId('continue-as-guest').click();
    await homeState(page, 'signed-out');

    expect(v.errors).toEqual([]);
  });
});
