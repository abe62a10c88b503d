import type { adminV1 } from '@nightfall/contracts';
import { checkCustomRole, nightOrderOf } from './custom-role-input.js';

const variants = (titles: Partial<Record<string, string>>) =>
  Object.fromEntries(Object.entries(titles).map(([k, title]) => [k, { title: title ?? '', imageUrl: '' }]));
const all = variants({ werewolf: 'Moon Hunter', russiagate: 'Asset', corporate: 'Auditor', generic: 'Hunter' });
const input = (over: Partial<adminV1.CustomRoleInput> = {}): adminV1.CustomRoleInput => ({
  baseName: 'Hunter',
  team: 'villager',
  abilities: 'Takes someone down.',
  nightOrder: 3,
  isActive: true,
  themeVariants: all,
  ...over,
});

describe('custom role validation (spec 001 section 5)', () => {
  it('accepts a complete role, trimming the texts', () => {
    const r = checkCustomRole(input({ baseName: '  Hunter ', team: ' werewolf ', themeVariants: { ...all, generic: { title: ' Hunter ', imageUrl: ' https://x.test/h.png ' } } }));
    expect(r).toEqual({
      ok: true,
      role: {
        baseName: 'Hunter',
        team: 'werewolf',
        abilities: 'Takes someone down.',
        nightOrder: 3,
        isActive: true,
        themeVariants: { ...all, generic: { title: 'Hunter', imageUrl: 'https://x.test/h.png' } },
      },
    });
  });

  it("requires a base name: 'Base name is required'", () => {
    expect(checkCustomRole(input({ baseName: '   ' }))).toEqual({ ok: false, problem: { message: 'Base name is required' } });
    expect(checkCustomRole(undefined)).toEqual({ ok: false, problem: { message: 'Base name is required' } });
  });

  it("requires a title for each of the four themes: 'All theme titles are required' / 'Missing titles for: ...'", () => {
    const r = checkCustomRole(input({ themeVariants: variants({ werewolf: 'Moon Hunter', russiagate: ' ', generic: 'Hunter' }) }));
    expect(r).toEqual({
      ok: false,
      problem: { message: 'All theme titles are required', details: { description: 'Missing titles for: russiagate, corporate', missingThemes: ['russiagate', 'corporate'] } },
    });
  });

  it('bounds the base name (100) and the team (50); an empty team is villager; extra themes are kept', () => {
    expect(checkCustomRole(input({ baseName: 'x'.repeat(100) })).ok).toBe(true);
    expect(checkCustomRole(input({ baseName: 'x'.repeat(101) }))).toEqual({ ok: false, problem: { message: 'Base name must be 100 characters or less' } });
    expect(checkCustomRole(input({ team: 't'.repeat(51) }))).toEqual({ ok: false, problem: { message: 'Team must be 50 characters or less' } });
    const r = checkCustomRole(input({ team: '', themeVariants: { ...all, noir: { title: 'Detective', imageUrl: '' } } }));
    expect(r.ok && r.role.team).toBe('villager');
    expect(r.ok && Object.keys(r.role.themeVariants)).toContain('noir');
    expect(checkCustomRole(input({ themeVariants: { ...all, 'Bad Key!': { title: 'x', imageUrl: '' } } })).ok).toBe(false);
  });

  it('parses the night order as an integer, else 0', () => {
    expect(nightOrderOf(4)).toBe(4);
    expect(nightOrderOf('7')).toBe(7);
    expect(nightOrderOf(' 2.9 ')).toBe(2);
    expect(nightOrderOf('soon')).toBe(0);
    expect(nightOrderOf('')).toBe(0);
    expect(nightOrderOf(undefined)).toBe(0);
    expect(nightOrderOf(Number.NaN)).toBe(0);
    expect(nightOrderOf(1e12)).toBe(0);
    expect(nightOrderOf(-1)).toBe(-1);
  });
});
