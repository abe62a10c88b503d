import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { CANONICAL_ROLES, readNormalizedPack, readThemeZip, themeRoleName, themeTeamName, writeNormalizedPack } from './index.js';

const sample = (name: string) => readFile(new URL(`../samples/${name}`, import.meta.url));

describe('the sample packs of libs/themes/samples (docs/themes.md "Sample packs")', () => {
  it('corporate-lunch.zip: card format, over 1.5 MB, Lunch Break Phase, every picture found', async () => {
    const bytes = await sample('corporate-lunch.zip');
    expect(bytes.byteLength).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(bytes.byteLength).toBeLessThan(4 * 1024 * 1024);
    const pack = await readThemeZip(bytes, 'corporate-lunch.zip');
    expect(pack.format).toBe('default_theme_pack.json');
    const t = pack.theme;
    expect(t.id).toBe('corporate-lunch');
    expect(t.text.nightPhase).toBe('Lunch Break Phase');
    expect(themeRoleName(t, 'Bad Guy')).toBe('Corporate Spy');
    expect(themeRoleName(t, 'Role Looker')).toBe('Auditor');
    expect(themeRoleName(t, 'Tapper')).toBe('Cubicle Neighbor');
    expect(themeTeamName(t, 'bad')).toBe('Corporate Spies');
    expect(pack.missingImages).toEqual([]);
    expect(CANONICAL_ROLES.every((r) => pack.images.has(t.roles[r].image ?? ''))).toBe(true);
    expect(t.assets).toEqual({ cardBack: 'assets/card-back.jpg', homeBackground: 'backgrounds/home.jpg' });
  });

  it('classic-village.zip: theme.json format, pictures found by file name, survives normalization', async () => {
    const pack = await readThemeZip(await sample('classic-village.zip'), 'classic-village.zip');
    expect(pack.format).toBe('theme.json');
    const t = pack.theme;
    expect(t.name).toBe('Classic Village');
    expect(themeRoleName(t, 'Bad Guy')).toBe('Werewolf');
    expect(themeRoleName(t, 'Village Idiot')).toBe('Village Fool');
    expect(themeRoleName(t, 'Old Hag')).toBe('Old Hag');
    expect(themeTeamName(t, 'good')).toBe('Village');
    expect(t.text.nightPhase).toBe('Moonlit Night');
    expect(pack.missingImages).toEqual([]);
    expect(t.roles['Bad Guy'].image).toBe('roles/bad-guy.png');
    expect(t.assets?.homeBackground).toBe('backgrounds/home.png');
    const back = await readNormalizedPack(await writeNormalizedPack(t, pack.images));
    expect(back.theme).toEqual(t);
    expect(back.files.size).toBe(31);
  });
});
