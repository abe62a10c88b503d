import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { DefaultThemeService } from '../default-theme/default-theme.service.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { StoredThemesService } from '../stored-themes/stored-themes.service.js';
import { packOf, sampleTheme } from '../testing/packs.js';
import { themeTestDatabase, type ThemeTestDatabase } from '../testing/theme-test-app.js';
import { SelectionService } from './selection.service.js';

describe('which theme to show: preferred, else the global default, else generic (spec 001 section 4)', () => {
  let db: ThemeTestDatabase;
  let app: INestApplication;
  let selection: SelectionService;

  beforeAll(async () => {
    db = await themeTestDatabase();
    app = await db.start();
    selection = app.get(SelectionService);
  });
  afterAll(() => db.close());

  it('walks the rules in order', async () => {
    const prefs = app.get(PreferencesService);
    const defaults = app.get(DefaultThemeService);
    const stored = app.get(StoredThemesService);
    const user = randomUUID();
    const admin = randomUUID();
    // nothing set anywhere
    expect(await selection.resolve({ userId: '' })).toEqual({ themeId: 'generic', source: 'generic', theme: undefined });
    expect(await selection.resolve({ userId: user })).toEqual({ themeId: 'generic', source: 'generic', theme: undefined });
    // a global default: visitors and users without a preference get it, with the pack to download
    const moon = await stored.put({ ownerId: admin, pack: await packOf(sampleTheme('moon', 'Moon')) });
    await defaults.set({ themeId: 'moon', actorId: admin });
    const byDefault = await selection.resolve({ userId: '' });
    expect(byDefault).toMatchObject({ themeId: 'moon', source: 'default', theme: { id: moon.id, sha256: moon.sha256, sizeBytes: moon.sizeBytes, name: 'Moon' } });
    expect(await selection.resolve({ userId: user })).toEqual(byDefault);
    // the user's own preference wins, generic included
    const sun = await stored.put({ ownerId: user, pack: await packOf(sampleTheme('sun', 'Sun')) });
    await prefs.set({ userId: user, themeId: 'sun' });
    expect(await selection.resolve({ userId: user })).toMatchObject({ themeId: 'sun', source: 'preferred', theme: { id: sun.id } });
    await prefs.set({ userId: user, themeId: 'generic' });
    expect(await selection.resolve({ userId: user })).toEqual({ themeId: 'generic', source: 'preferred', theme: undefined });
    // a legacy id left in the table (older data) means generic for the user too
    await app.get(DataSource).query(`UPDATE "${db.schema}"."user_theme_preferences" SET "preferred_theme_id" = 'corporate' WHERE "user_id" = $1`, [user]);
    expect(await selection.resolve({ userId: user })).toMatchObject({ themeId: 'generic', source: 'preferred' });
    // the default's theme is deleted: generic again
    await stored.delete({ ownerId: admin, id: moon.id });
    expect(await selection.resolve({ userId: '' })).toEqual({ themeId: 'generic', source: 'default', theme: undefined });
    expect((await rpcErrorOf(selection.resolve({ userId: 'x' }))).code).toBe('INVALID_INPUT');
  });
});
