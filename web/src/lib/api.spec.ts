import { isMagicLinkResponse } from './api';

describe('isMagicLinkResponse', () => {
  it('recognises the two magic-link messages', () => {
    expect(isMagicLinkResponse({ message: 'Check your email for the sign-in link' })).toBe(true);
    expect(isMagicLinkResponse({ message: 'Check your email to complete signup' })).toBe(true);
  });
  it('treats any other message as a completed login', () => {
    expect(isMagicLinkResponse({ message: 'Logged in successfully' })).toBe(false);
    expect(isMagicLinkResponse({ message: 'Account created successfully', user: null })).toBe(false);
    expect(isMagicLinkResponse(null)).toBe(false);
  });
});
