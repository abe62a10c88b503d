import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { rpcErrorOf } from '@nightfall/server-kit';
import { StoredThemesService } from '../stored-themes/stored-themes.service.js';
import { packOf, sampleTheme } from '../testing/packs.js';
import { themeTestDatabase, type ThemeTestDatabase } from '../testing/theme-test-app.js';
import { DefaultThemeService } from './default-theme.service.js';

describe('the global default theme (real PostgreSQL)', () => {
  let db: ThemeTestDatabase;
  let app: INestApplication;
  let defaults: DefaultThemeService;
  let stored: StoredThemesService;
  const t0 = Date.UTC(2031, 4, 1, 12);

  beforeAll(async () => {
    db = await themeTestDatabase();
    app = await db.start(() => t0);
    defaults = app.get(DefaultThemeService);
    stored = app.get(StoredThemesService);
  });
  afterAll(() => db.close());

  it('is generic while unset, then what an admin set: generic, a theme id (own first) or a stored theme id', async () => {
    expect(await defaults.get()).toEqual({ defaultTheme: 'generic', updatedAt: '', updatedBy: '', theme: undefined });
    const admin = randomUUID();
    const other = randomUUID();
    const othersLantern = await stored.put({ ownerId: other, pack: await packOf(sampleTheme('lantern', 'Their Lantern')) });
    const lantern = await stored.put({ ownerId: admin, pack: await packOf(sampleTheme('lantern', 'Lantern')) });
    const set = await defaults.set({ themeId: 'lantern', actorId: admin });
    expect(set).toEqual({ defaultTheme: 'lantern', updatedAt: new Date(t0).toISOString(), updatedBy: admin, theme: expect.objectContaining({ id: lantern.id, sha256: lantern.sha256 }) });
    expect(await defaults.get()).toEqual(set);
    expect(await defaults.set({ themeId: othersLantern.id, actorId: admin })).toMatchObject({ defaultTheme: 'lantern', theme: { id: othersLantern.id } });
    expect(await defaults.set({ themeId: 'generic', actorId: other })).toMatchObject({ defaultTheme: 'generic', updatedBy: other, theme: undefined });
    expect(await defaults.set({ themeId: 'onuw-classic', actorId: other })).toMatchObject({ defaultTheme: 'generic' });
  });

  it('refuses unknown and empty themes and keeps the current one', async () => {
    const admin = randomUUID();
    const mine = await stored.put({ ownerId: admin, pack: await packOf(sampleTheme('ember', 'Ember')) });
    await defaults.set({ themeId: mine.id, actorId: admin });
    expect(await rpcErrorOf(defaults.set({ themeId: 'nothing-like-it', actorId: admin }))).toEqual({
      code: 'THEME_NOT_FOUND',
      title: 'Failed to update global theme',
      message: 'Theme "nothing-like-it" was not found',
    });
    expect((await rpcErrorOf(defaults.set({ themeId: '', actorId: admin }))).code).toBe('INVALID_INPUT');
    expect((await rpcErrorOf(defaults.set({ themeId: 'ember', actorId: 'not-a-user' }))).code).toBe('INVALID_INPUT');
    expect((await defaults.get()).defaultTheme).toBe('ember');
  });

  it('follows a re-upload of its stored theme and reads as generic once that theme is deleted', async () => {
    const admin = randomUUID();
    const v1 = await stored.put({ ownerId: admin, pack: await packOf(sampleTheme('tide', 'Tide')) });
    await defaults.set({ themeId: 'tide', actorId: admin });
    const v2 = await stored.put({ ownerId: admin, pack: await packOf(sampleTheme('tide', 'Tide II')) });
    expect(await defaults.get()).toMatchObject({ defaultTheme: 'tide', theme: { id: v1.id, name: 'Tide II', sha256: v2.sha256 } });
    await stored.delete({ ownerId: admin, id: v1.id });
    expect(await defaults.get()).toMatchObject({ defaultTheme: 'generic', updatedBy: admin, theme: undefined });
  });
});
