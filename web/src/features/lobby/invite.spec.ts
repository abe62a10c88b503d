import { canShare, inviteLink, isLoopbackHost } from './invite';

describe('invite link (docs/architecture.md "Table experience")', () => {
  it('is <origin>/join/<CODE>', () => {
    expect(inviteLink('https://nightfall.example.com', 'AB12CD')).toBe('https://nightfall.example.com/join/AB12CD');
    expect(inviteLink('http://127.0.0.1:8080/', ' ab12cd ')).toBe('http://127.0.0.1:8080/join/AB12CD');
    expect(inviteLink('https://n.example', 'A/B?')).toBe('https://n.example/join/A%2FB%3F');
  });

  it('offers Share only where navigator.share exists', () => {
    expect(canShare(undefined)).toBe(false);
    expect(canShare({})).toBe(false);
    expect(canShare({ share: () => Promise.resolve() })).toBe(true);
  });

  it('knows the addresses another device cannot open', () => {
    for (const h of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['192.168.1.10', 'nightfall.example.com', '10.0.0.127', '::ffff:c0a8:10a', 'localhost.example.com']) expect(isLoopbackHost(h)).toBe(false);
  });
});
