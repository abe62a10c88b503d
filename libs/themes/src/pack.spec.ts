import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import {
  CANONICAL_ROLES,
  CARD_ROLES,
  GENERIC_THEME,
  MAX_PACK_BYTES,
  SIMPLE_ROLE_SLOTS,
  ThemePackError,
  findConfigFile,
  readNormalizedPack,
  readThemeZip,
  replaceImages,
  simpleSlotTeam,
  themeRoleName,
  themeRoleTeamLabel,
  themeTeamName,
  writeNormalizedPack,
} from './index.js';
import { SIMPLE_NAMES, cardThemeJson, fakePng, manifestJson, simpleThemeJson, zipOf } from './testing/packs.js';

const errorOf = async (p: Promise<unknown>): Promise<ThemePackError> => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ThemePackError);
    return err as ThemePackError;
  }
  throw new Error('expected a ThemePackError');
};

describe('readThemeZip: theme.json simple format (spec 001 section 3)', () => {
  it('maps the 26 names to the slots, the slot team rule, default descriptions and the generic 4', async () => {
    const pack = await readThemeZip(await zipOf({ 'theme.json': simpleThemeJson() }), 'village.zip');
    const t = pack.theme;
    expect(pack.format).toBe('theme.json');
    expect(t.id).toBe('village-test');
    expect(themeRoleName(t, 'Bad Guy')).toBe('Village Bad Guy');
    expect(themeRoleName(t, 'Stalker')).toBe('Village Stalker');
    expect(themeRoleName(t, 'Paranormal Investigator')).toBe('Village Paranormal Investigator');
    for (const role of ['Uneliminatable Player', 'Aura Seer', 'Copycat', 'Old Hag'] as const) {
      expect(t.roles[role].displayName).toBe(GENERIC_THEME.roles[role].displayName);
    }
    expect(t.roles['Role Looker'].description).toBe(GENERIC_THEME.roles['Role Looker'].description);
    expect(themeTeamName(t, 'bad')).toBe('Wolves');
    expect(t.teams.good.color).toBe('#00aa00');
    expect(themeRoleTeamLabel(t, 'Bad Guy Helper')).toBe('Wolves');
    expect(themeRoleTeamLabel(t, 'Self-Eliminator')).toBe('Loners');
    expect(themeRoleTeamLabel(t, 'Tapper')).toBe('Villagers');
    expect(t.text.nightPhase).toBe('Night Phase');
  });

  it('states the slot team rule literally', () => {
    expect(SIMPLE_ROLE_SLOTS).toHaveLength(26);
    expect(SIMPLE_ROLE_SLOTS.filter((s) => simpleSlotTeam(s) === 'Bad Guys')).toEqual(['Bad Guy', 'Bad Guy Helper', 'Bad Guy Converter', 'Advanced Bad Guy', 'Isolated Bad Guy']);
    expect(SIMPLE_ROLE_SLOTS.filter((s) => simpleSlotTeam(s) === 'Neutral')).toEqual(['Self-Eliminator', 'Stalker']);
    expect(CANONICAL_ROLES.filter((r) => !SIMPLE_ROLE_SLOTS.includes(r))).toEqual(['Uneliminatable Player', 'Aura Seer', 'Copycat', 'Old Hag']);
  });

  it('accepts a bare array of names with the default name, description, teams and colours', async () => {
    const pack = await readThemeZip(await zipOf({ 'theme.json': SIMPLE_NAMES }), 'my pack.zip');
    const t = pack.theme;
    expect(t.name).toBe('Custom Theme');
    expect(t.description).toBe('Uploaded custom theme');
    expect(t.id).toBe('my-pack');
    expect([t.teams.good.displayName, t.teams.bad.displayName, t.teams.neutral.displayName]).toEqual(['Good Team', 'Bad Team', 'Neutral']);
    expect([t.teams.good.color, t.teams.bad.color, t.teams.neutral.color]).toEqual(['#3b82f6', '#ef4444', '#8b5cf6']);
    expect(themeRoleName(t, 'Role Thief')).toBe('Village Role Thief');
  });

  it('reads the optional text keys', async () => {
    const pack = await readThemeZip(await zipOf({ 'theme.json': simpleThemeJson({ text: { gameTitle: 'Hamlet', nightPhase: 'Moonrise' } }) }));
    expect(pack.theme.text).toMatchObject({ gameTitle: 'Hamlet', homeTitle: 'Hamlet', nightPhase: 'Moonrise', lobbyTitle: GENERIC_THEME.text.lobbyTitle });
  });

  it('names the missing slots when fewer than 26 names are given', async () => {
    const err = await errorOf(readThemeZip(await zipOf({ 'theme.json': simpleThemeJson({ name: 'Short', roles: SIMPLE_NAMES.slice(0, 24) }) })));
    expect(err.message).toBe('Theme "Short" is missing roles: Stalker, Self-Eliminator');
  });
});

describe('readThemeZip: default_theme_pack.json card format (spec 001 section 3)', () => {
  it('maps card1..card30 through the classic names to the canonical roles', () => {
    expect(Object.keys(CARD_ROLES)).toHaveLength(30);
    expect(new Set(Object.values(CARD_ROLES)).size).toBe(30);
    expect(CARD_ROLES[1]).toBe('Role Copier');
    expect(CARD_ROLES[3]).toBe('Bad Guy Converter');
    expect(CARD_ROLES[4]).toBe('Advanced Bad Guy');
    expect(CARD_ROLES[5]).toBe('Isolated Bad Guy');
    expect(CARD_ROLES[9]).toBe('Single Role Looker');
    expect(CARD_ROLES[12]).toBe('Role Giver');
    expect(CARD_ROLES[17]).toBe('Role Revealer');
    expect(CARD_ROLES[18]).toBe('Item Giver');
    expect(CARD_ROLES[20]).toBe('Seer Knower');
    expect(CARD_ROLES[21]).toBe('Role Locker');
    expect(CARD_ROLES[24]).toBe('Uneliminatable Player');
    expect(CARD_ROLES[25]).toBe('Tapper');
    expect(CARD_ROLES[28]).toBe('Basic Good Guy');
    expect(CARD_ROLES[30]).toBe('Stalker');
  });

  it('builds the theme with the default teams, card teams as labels, and skips card31', async () => {
    const json = cardThemeJson({ card31: { title: 'Intern', description: 'Extra', team: 'Good Guy' } });
    const pack = await readThemeZip(await zipOf({ 'pack/default_theme_pack.json': json }), 'office.zip');
    const t = pack.theme;
    expect(pack.format).toBe('default_theme_pack.json');
    expect(themeRoleName(t, 'Bad Guy')).toBe('Office Werewolf');
    expect(themeRoleName(t, 'Role Copier')).toBe('Office Doppelganger');
    expect(themeRoleName(t, 'Tapper')).toBe('Office Thing');
    expect(t.roles['Tapper'].description).toBe('The office Thing.');
    expect(t.teams.bad).toEqual({ displayName: 'Werewolf Team', color: '#8B0000' });
    expect(t.teams.good).toEqual({ displayName: 'Village Team', color: '#4169E1' });
    expect(t.teams.neutral).toEqual({ displayName: 'Neutral', color: '#808080' });
    expect(themeRoleTeamLabel(t, 'Bad Guy Helper')).toBe('Werewolf Team');
    expect(pack.log).toContain('card31 has no matching role in this game and was skipped.');
  });

  it('reads team names, colours, descriptions and the night phase', async () => {
    const json = cardThemeJson({
      teams: { werewolf: { name: 'Spies', color: '#111111', description: 'They lie.' } },
      villagerTeamName: 'Staff',
      nightPhase: 'Lunch Break Phase',
    });
    const t = (await readThemeZip(await zipOf({ 'default_theme_pack.json': json }))).theme;
    expect(t.teams.bad).toEqual({ displayName: 'Spies', color: '#111111', description: 'They lie.' });
    expect(t.teams.good.displayName).toBe('Staff');
    expect(t.text.nightPhase).toBe('Lunch Break Phase');
  });

  it('names the roles of missing cards', async () => {
    const json = cardThemeJson({ name: 'Holes' });
    delete json.card2;
    delete json.card27;
    const err = await errorOf(readThemeZip(await zipOf({ 'default_theme_pack.json': json })));
    expect(err.message).toBe('Theme "Holes" is missing roles: Bad Guy, Old Hag');
  });
});

describe('readThemeZip: manifest.json (taken as a complete theme)', () => {
  it('keeps the theme as is', async () => {
    const pack = await readThemeZip(await zipOf({ 'manifest.json': manifestJson({ text: { ...GENERIC_THEME.text, nightPhase: 'Dusk' } }) }));
    expect(pack.format).toBe('manifest.json');
    expect(pack.theme.id).toBe('manifest-test');
    expect(pack.theme.text.nightPhase).toBe('Dusk');
    expect(Object.keys(pack.theme.roles)).toHaveLength(30);
  });

  it('maps older and classic role names to the canonical ones', async () => {
    const json = manifestJson();
    const roles = json.roles as Record<string, unknown>;
    roles['Werewolf'] = { displayName: 'Wolf' };
    roles['Alpha Wolf'] = { displayName: 'Alpha' };
    roles['Witch'] = { displayName: 'Hex' };
    delete roles['Bad Guy'];
    delete roles['Bad Guy Converter'];
    delete roles['Role Giver'];
    const t = (await readThemeZip(await zipOf({ 'manifest.json': json }))).theme;
    expect(themeRoleName(t, 'Bad Guy')).toBe('Wolf');
    expect(themeRoleName(t, 'Bad Guy Converter')).toBe('Alpha');
    expect(themeRoleName(t, 'Role Giver')).toBe('Hex');
  });

  it('refuses missing roles and a wrong engine version', async () => {
    const json = manifestJson();
    delete (json.roles as Record<string, unknown>)['Copycat'];
    expect((await errorOf(readThemeZip(await zipOf({ 'manifest.json': json })))).message).toBe('Theme "Manifest Test" is missing roles: Copycat');
    const v2 = await errorOf(readThemeZip(await zipOf({ 'manifest.json': manifestJson({ engineVersion: '2.1.0' }) })));
    expect(v2.message).toMatch(/2\.1\.0/);
    const incomplete = manifestJson();
    delete incomplete.actions;
    expect((await errorOf(readThemeZip(await zipOf({ 'manifest.json': incomplete })))).message).toBe('Theme "Manifest Test" is incomplete. Missing required fields.');
  });
});

describe('readThemeZip: choosing the configuration', () => {
  it('looks for theme.json, then default_theme_pack.json, then manifest.json, in any folder', async () => {
    expect(findConfigFile(['a/manifest.json', 'b/default_theme_pack.json', 'c/d/theme.json'])).toEqual({ path: 'c/d/theme.json', format: 'theme.json' });
    expect(findConfigFile(['manifest.json', 'x/default_theme_pack.json'])?.format).toBe('default_theme_pack.json');
    expect(findConfigFile(['deep/er/manifest.json', 'top/manifest.json'])?.path).toBe('top/manifest.json');
    const pack = await readThemeZip(await zipOf({ 'manifest.json': manifestJson(), 'Pack/theme.json': simpleThemeJson() }));
    expect(pack.format).toBe('theme.json');
  });
});

describe('readThemeZip: pictures', () => {
  it('finds declared and undeclared pictures, re-keys them to clean paths and logs the missing ones', async () => {
    const json = manifestJson();
    const roles = json.roles as Record<string, Record<string, string>>;
    roles['Bad Guy']!.image = 'Art/Bad_Guy.PNG';
    roles['Tapper']!.image = 'art/missing.png';
    roles['Tapper']!.icon = 'icons/tap.svg';
    json.assets = { cardBack: 'back.jpg' };
    const pack = await readThemeZip(
      await zipOf({
        'Top/manifest.json': json,
        'Top/art/bad guy.png': fakePng('bad'),
        'Top/roles/role-looker.webp': fakePng('looker'),
        'Top/icons/tap.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        'Top/back.jpg': fakePng('back'),
        'Top/Backgrounds/Home.jpeg': fakePng('home'),
      }),
    );
    const t = pack.theme;
    expect(t.roles['Bad Guy'].image).toBe('roles/bad-guy.png');
    expect(t.roles['Role Looker'].image).toBe('roles/role-looker.webp');
    expect(t.roles['Tapper'].image).toBeUndefined();
    expect(t.roles['Tapper'].icon).toBe('icons/tapper.svg');
    expect(t.assets).toEqual({ cardBack: 'assets/card-back.jpg', homeBackground: 'backgrounds/home.jpeg' });
    expect([...pack.images.keys()].sort()).toEqual(['assets/card-back.jpg', 'backgrounds/home.jpeg', 'icons/tapper.svg', 'roles/bad-guy.png', 'roles/role-looker.webp']);
    expect(new TextDecoder().decode(pack.images.get('roles/bad-guy.png')!.subarray(8))).toBe('bad');
    expect(pack.missingImages).toContain('Tapper: art/missing.png');
    expect(pack.missingImages).toHaveLength(28);
    expect(pack.log).toContain('Missing image for Tapper (art/missing.png)');
  });

  it('finds the pictures of a simple pack by role name, display name or classic name', async () => {
    const pack = await readThemeZip(
      await zipOf({
        'theme.json': simpleThemeJson(),
        'images/Bad Guy.png': fakePng('a'),
        'images/village-role-thief.png': fakePng('b'),
        'images/seer.jpg': fakePng('c'),
      }),
    );
    expect(pack.theme.roles['Bad Guy'].image).toBe('roles/bad-guy.png');
    expect(pack.theme.roles['Role Thief'].image).toBe('roles/role-thief.png');
    expect(pack.theme.roles['Role Looker'].image).toBe('roles/role-looker.jpg');
  });
});

describe('readThemeZip: broken packs', () => {
  it('refuses a file whose name does not end in .zip', async () => {
    const err = await errorOf(readThemeZip(await zipOf({ 'theme.json': simpleThemeJson() }), 'theme.rar'));
    expect(err.message).toBe('Please upload a ZIP file');
    expect(err.title).toBe('Invalid File');
  });

  it('refuses something that is not a ZIP', async () => {
    const err = await errorOf(readThemeZip(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 'fake.zip'));
    expect(err.message).toBe('This file is not a valid ZIP archive.');
    const truncated = (await zipOf({ 'theme.json': simpleThemeJson() })).subarray(0, 40);
    expect((await errorOf(readThemeZip(truncated, 'cut.zip'))).message).toMatch(/not a valid ZIP archive/);
  });

  it('refuses a ZIP without a configuration', async () => {
    const err = await errorOf(readThemeZip(await zipOf({ 'readme.txt': 'hi', 'images/a.png': fakePng('a') })));
    expect(err.message).toBe('No theme configuration found. Include theme.json, default_theme_pack.json, or manifest.json');
  });

  it('refuses the ids of the built-in theme, and never derives one', async () => {
    const err = await errorOf(readThemeZip(await zipOf({ 'manifest.json': manifestJson({ id: 'generic' }) })));
    expect(err.message).toBe('Theme id "generic" is reserved for the built-in theme. Give the theme another id.');
    expect((await errorOf(readThemeZip(await zipOf({ 'theme.json': simpleThemeJson({ id: 'russiagate' }) })))).message).toMatch(/reserved/);
    expect((await readThemeZip(await zipOf({ 'theme.json': SIMPLE_NAMES }), 'corporate.zip')).theme.id).toBe('corporate-pack');
  });

  it('refuses a configuration that is not JSON', async () => {
    expect((await errorOf(readThemeZip(await zipOf({ 'theme.json': '{ nope' })))).message).toMatch(/^theme\.json is not valid JSON/);
  });

  it('refuses a 60 MB file with its size in MB', async () => {
    const zip = new JSZip();
    zip.file('manifest.json', JSON.stringify(manifestJson()));
    zip.file('big.bin', new Uint8Array(60 * 1024 * 1024), { compression: 'STORE' });
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
    expect(bytes.byteLength).toBeGreaterThan(MAX_PACK_BYTES);
    const err = await errorOf(readThemeZip(bytes, 'big.zip'));
    expect(err.message).toBe('Theme pack is too large (60.00 MB). The maximum is 50.00 MB.');
  });
});

describe('normalized pack', () => {
  it('writes manifest.json plus the pictures, reads them back, and gives the same bytes for the same pack', async () => {
    const parsed = await readThemeZip(await zipOf({ 'theme.json': simpleThemeJson(), 'Bad_Guy.png': fakePng('bad'), 'backgrounds/home.png': fakePng('home') }));
    const bytes = await writeNormalizedPack(parsed.theme, parsed.images);
    expect(await writeNormalizedPack(parsed.theme, parsed.images)).toEqual(bytes);
    const back = await readNormalizedPack(bytes);
    expect(back.theme).toEqual(parsed.theme);
    expect([...back.files.keys()].sort()).toEqual(['backgrounds/home.png', 'roles/bad-guy.png']);
    expect(back.files.get('roles/bad-guy.png')).toEqual(fakePng('bad'));
    const again = await readThemeZip(bytes, 'normalized.zip');
    expect(again.format).toBe('manifest.json');
    expect(again.theme).toEqual(parsed.theme);
  });

  it('refuses a pack without manifest.json at its root', async () => {
    const err = await errorOf(readNormalizedPack(await zipOf({ 'theme.json': simpleThemeJson() })));
    expect(err.message).toBe('Invalid theme pack: missing manifest.json');
  });

  it('replaces pictures under new paths and rewrites the references', async () => {
    const parsed = await readThemeZip(await zipOf({ 'theme.json': simpleThemeJson(), 'bad-guy.png': fakePng('bad'), 'stalker.gif': fakePng('s') }));
    const webp = fakePng('webp');
    const out = replaceImages(parsed.theme, parsed.images, new Map([['roles/bad-guy.png', { path: 'roles/bad-guy.webp', bytes: webp }]]));
    expect(out.theme.roles['Bad Guy'].image).toBe('roles/bad-guy.webp');
    expect(out.theme.roles['Stalker'].image).toBe('roles/stalker.gif');
    expect(parsed.theme.roles['Bad Guy'].image).toBe('roles/bad-guy.png');
    expect([...out.images.keys()].sort()).toEqual(['roles/bad-guy.webp', 'roles/stalker.gif']);
    expect(out.images.get('roles/bad-guy.webp')).toBe(webp);
  });
});
