import { describe, expect, it } from '@jest/globals';
import { CANONICAL_ROLES, GENERIC_THEME, ThemePackError, isSupportedEngineVersion, themeRoleName, themeTeamName, validateTheme } from './index.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('validateTheme (spec 001 section 5 "Theme build")', () => {
  it('accepts the generic theme as a manifest and keeps every one of the 30 roles', () => {
    const t = validateTheme(clone(GENERIC_THEME));
    expect(Object.keys(t.roles)).toHaveLength(30);
    expect(CANONICAL_ROLES).toHaveLength(30);
    expect(themeRoleName(t, 'Village Idiot')).toBe('All Role Switcher');
  });

  it('maps older role names (Werewolf, Seer, Tanner) to the canonical roles', () => {
    const raw = clone(GENERIC_THEME) as unknown as { roles: Record<string, unknown> };
    raw.roles['Werewolf'] = { displayName: 'Lurker', description: 'x' };
    delete raw.roles['Bad Guy'];
    raw.roles['Seer'] = raw.roles['Role Looker'];
    delete raw.roles['Role Looker'];
    const t = validateTheme(raw);
    expect(themeRoleName(t, 'Bad Guy')).toBe('Lurker');
    expect(themeRoleName(t, 'Role Looker')).toBe('Role Looker');
  });

  it('names the missing roles', () => {
    const raw = clone(GENERIC_THEME) as unknown as { name: string; roles: Record<string, unknown> };
    raw.name = 'Half';
    delete raw.roles['Old Hag'];
    delete raw.roles['Tapper'];
    expect(() => validateTheme(raw)).toThrow('Theme "Half" is missing roles: Tapper, Old Hag');
  });

  it('refuses a theme without a game title, and one for engine 2.x', () => {
    const noTitle = clone(GENERIC_THEME) as unknown as { text: Record<string, unknown> };
    delete noTitle.text.gameTitle;
    expect(() => validateTheme(noTitle)).toThrow('Theme "Generic Social Deduction" is incomplete. Missing required fields.');
    const v2 = { ...clone(GENERIC_THEME), engineVersion: '2.0.0' };
    expect(() => validateTheme(v2)).toThrow(ThemePackError);
    expect(isSupportedEngineVersion('1.4.2')).toBe(true);
    expect(isSupportedEngineVersion('0.9.0')).toBe(false);
  });

  it('fills a missing role description from the catalogue and a missing team name with Unknown Team', () => {
    const raw = clone(GENERIC_THEME) as unknown as { roles: Record<string, { description?: string }>; teams: Record<string, unknown> };
    delete raw.roles['Tapper']!.description;
    raw.teams = { good: { displayName: 'Staff', color: '#00f' } };
    const t = validateTheme(raw);
    expect(t.roles.Tapper.description).toBe(GENERIC_THEME.roles.Tapper.description);
    expect(themeTeamName(t, 'good')).toBe('Staff');
    expect(themeTeamName(t, 'bad')).toBe('Unknown Team');
  });
});
