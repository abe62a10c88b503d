import { megabytes } from '@nightfall/themes';
import { offerAnswer, rememberOfferAnswer, type OfferStorage } from './offerState';

function memory(): OfferStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('theme offer answers (docs/themes.md "In a game")', () => {
  it('remembers an answer per game, round and pack', () => {
    const s = memory();
    expect(offerAnswer(s, 'g1', 1, 'aa')).toBeNull();
    rememberOfferAnswer(s, 'g1', 1, 'aa', 'declined');
    expect(offerAnswer(s, 'g1', 1, 'aa')).toBe('declined');
    expect(offerAnswer(s, 'g1', 2, 'aa')).toBeNull();
    expect(offerAnswer(s, 'g2', 1, 'aa')).toBeNull();
    expect(offerAnswer(s, 'g1', 1, 'bb')).toBeNull();
  });

  it('survives broken storage content and keeps at most 50 answers', () => {
    const s = memory();
    s.setItem('nightfall.themeOffers', '{not json');
    expect(offerAnswer(s, 'g', 1, 'aa')).toBeNull();
    for (let i = 0; i < 60; i++) rememberOfferAnswer(s, `g${i}`, 1, 'aa', 'accepted');
    expect(Object.keys(JSON.parse(s.data.get('nightfall.themeOffers') ?? '{}'))).toHaveLength(50);
    expect(offerAnswer(s, 'g59', 1, 'aa')).toBe('accepted');
    expect(offerAnswer(s, 'g0', 1, 'aa')).toBeNull();
  });

  it('prints the size in MB with two decimals', () => {
    expect(megabytes(2_621_440)).toBe('2.50');
    expect(megabytes(1)).toBe('0.00');
  });
});
