import { MAGIC_LINK_MESSAGES, magicLinkMail } from './magic-link-mail.js';

describe('magic-link e-mail templates', () => {
  it('greets by name, carries the link and its lifetime, and escapes the HTML', () => {
    const m = magicLinkMail('x@example.com', 'signin', 'http://nightfall.test/auth/callback?token=a&b', '<Ann>', 15);
    expect(m).toMatchObject({ to: 'x@example.com', subject: 'Your Nightfall sign-in link', link: 'http://nightfall.test/auth/callback?token=a&b' });
    expect(m.text).toContain('Hi <Ann>,');
    expect(m.text).toContain('expires in 15 minutes');
    expect(m.html).toContain('<p>Hi &lt;Ann&gt;,</p>');
    expect(m.html).toContain('href="http://nightfall.test/auth/callback?token=a&amp;b"');
  });

  it('a sign-up link without a name says Hi and asks to complete the signup', () => {
    const m = magicLinkMail('y@example.com', 'signup', 'http://x/auth/callback?token=t', null, 5);
    expect(m.subject).toBe('Complete your Nightfall signup');
    expect(m.text.startsWith('Hi,\n')).toBe(true);
    expect(MAGIC_LINK_MESSAGES).toEqual({ signin: 'Check your email for the sign-in link', signup: 'Check your email to complete signup' });
  });
});
