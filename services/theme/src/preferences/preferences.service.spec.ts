import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { rpcErrorOf } from '@nightfall/server-kit';
import { PacksService } from '../packs/packs.service.js';
import { StoredThemesService } from '../stored-themes/stored-themes.service.js';
import { packOf, sampleTheme } from '../testing/packs.js';
import { themeTestDatabase, type ThemeTestDatabase } from '../testing/theme-test-app.js';
import { PreferencesService } from './preferences.service.js';

describe('users\' preferred themes (real PostgreSQL)', () => {
  let db: ThemeTestDatabase;
  let app: INestApplication;
  let prefs: PreferencesService;
  let stored: StoredThemesService;
  let packs: PacksService;

  beforeAll(async () => {
    db = await themeTestDatabase();
    app = await db.start();
    prefs = app.get(PreferencesService);
    stored = app.get(StoredThemesService);
    packs = app.get(PacksService);
  });
  afterAll(() => db.close());

  it("answers '' before the user chose, and sets generic (legacy ids mean generic)", async () => {
    const user = randomUUID();
    expect(await prefs.get({ userId: user })).toEqual({ preferredThemeId: '', themeCopied: false, theme: undefined, updatedAt: '' });
    expect(await prefs.set({ userId: user, themeId: ' generic ' })).toMatchObject({ preferredThemeId: 'generic', themeCopied: false, theme: undefined });
    expect(await prefs.set({ userId: user, themeId: 'russiagate' })).toMatchObject({ preferredThemeId: 'generic' });
    expect((await prefs.get({ userId: user })).preferredThemeId).toBe('generic');
  });

  it('sets one of the user\'s own stored themes by theme id or by id', async () => {
    const user = randomUUID();
    const noir = await stored.put({ ownerId: user, pack: await packOf(sampleTheme('noir', 'Noir')) });
    const set = await prefs.set({ userId: user, themeId: 'noir' });
    expect(set).toMatchObject({ preferredThemeId: 'noir', themeCopied: false, theme: { id: noir.id, sha256: noir.sha256 } });
    await prefs.set({ userId: user, themeId: 'generic' });
    expect(await prefs.set({ userId: user, themeId: noir.id.toUpperCase() })).toMatchObject({ preferredThemeId: 'noir', themeCopied: false });
    expect(await prefs.get({ userId: user })).toMatchObject({ preferredThemeId: 'noir', theme: { id: noir.id } });
  });

  it("copies another user's stored theme (a host's theme offered in a game): themeCopied, the same bytes, no new blob", async () => {
    const host = randomUUID();
    const player = randomUUID();
    const hostTheme = await stored.put({ ownerId: host, pack: await packOf(sampleTheme('castle', 'Castle')) });
    const blobs = await packs.count([hostTheme.sha256]);
    const copied = await prefs.set({ userId: player, themeId: hostTheme.id });
    expect(copied).toMatchObject({ preferredThemeId: 'castle', themeCopied: true, theme: { ownerId: player, themeId: 'castle', name: 'Castle', sha256: hostTheme.sha256 } });
    expect(copied.theme!.id).not.toBe(hostTheme.id);
    expect(await packs.count([hostTheme.sha256])).toBe(blobs);
    expect((await stored.list({ ownerId: player })).themes.map((t) => [t.themeId, t.sha256])).toEqual([['castle', hostTheme.sha256]]);
    // the same offer again: already the player's, nothing copied
    expect(await prefs.set({ userId: player, themeId: hostTheme.id })).toMatchObject({ preferredThemeId: 'castle', themeCopied: false, theme: { id: copied.theme!.id } });
    // the host deletes theirs: the player's copy keeps the bytes
    await stored.delete({ ownerId: host, id: hostTheme.id });
    expect(await packs.count([hostTheme.sha256])).toBe(1);
  });

  it("replaces the user's older version of a theme id with the offered one, and never hands out another's theme by theme id alone", async () => {
    const host = randomUUID();
    const player = randomUUID();
    await stored.put({ ownerId: player, pack: await packOf(sampleTheme('harbor', 'Harbor v1')) });
    const v2 = await stored.put({ ownerId: host, pack: await packOf(sampleTheme('harbor', 'Harbor v2')) });
    const byOffer = await prefs.set({ userId: player, themeId: v2.id });
    expect(byOffer).toMatchObject({ preferredThemeId: 'harbor', themeCopied: true, theme: { name: 'Harbor v2', sha256: v2.sha256 } });
    expect((await stored.list({ ownerId: player })).themes.map((t) => t.name)).toEqual(['Harbor v2']);
    const other = randomUUID();
    expect(await rpcErrorOf(prefs.set({ userId: other, themeId: 'harbor' }))).toMatchObject({ code: 'THEME_NOT_FOUND', message: 'Theme "harbor" was not found' });
    expect((await stored.list({ ownerId: other })).themes).toEqual([]);
  });

  it('answers NOT_FOUND for an unknown theme and INVALID_INPUT for an empty one, and changes nothing', async () => {
    const user = randomUUID();
    expect(await rpcErrorOf(prefs.set({ userId: user, themeId: 'nowhere' }))).toEqual({
      code: 'THEME_NOT_FOUND',
      title: 'Failed to update theme preference',
      message: 'Theme "nowhere" was not found',
    });
    expect((await rpcErrorOf(prefs.set({ userId: user, themeId: randomUUID() }))).code).toBe('THEME_NOT_FOUND');
    expect(await rpcErrorOf(prefs.set({ userId: user, themeId: '  ' }))).toEqual({ code: 'INVALID_INPUT', title: 'Failed to update theme preference', message: 'Theme is required' });
    expect((await rpcErrorOf(prefs.get({ userId: 'nobody' }))).code).toBe('INVALID_INPUT');
    expect((await prefs.get({ userId: user })).preferredThemeId).toBe('');
  });

  it('reads as generic once the chosen stored theme is deleted (spec 001 section 4)', async () => {
    const user = randomUUID();
    const mine = await stored.put({ ownerId: user, pack: await packOf(sampleTheme('gone', 'Gone')) });
    await prefs.set({ userId: user, themeId: 'gone' });
    await stored.delete({ ownerId: user, id: mine.id });
    expect(await prefs.get({ userId: user })).toMatchObject({ preferredThemeId: 'generic', theme: undefined });
  });
});
