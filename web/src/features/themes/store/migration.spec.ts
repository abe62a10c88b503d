import { describe, expect, it } from '@jest/globals';
import { GENERIC_THEME, readNormalizedPack, type Theme } from '@nightfall/themes';
import { LEGACY_LIST_KEY, LEGACY_PACK_PREFIX } from './constants';
import { decodeDataUrl, extractInlineImages, legacyListEntries, migrateLegacyPacks, readLegacyPacks, removeLegacyPack, type KeyValueStorage } from './migration';

/** localStorage stand-in. */
class FakeStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function legacyTheme(name: string): Theme {
  const t = JSON.parse(JSON.stringify(GENERIC_THEME)) as Theme;
  t.name = name;
  t.roles['Bad Guy'].displayName = `${name} Spy`;
  return t;
}

function storageWith(): FakeStorage {
  const s = new FakeStorage();
  const withImage = legacyTheme('Old Office');
  withImage.roles['Bad Guy'].image = PNG_DATA_URL;
  withImage.roles['Tapper'].image = 'https://example.invalid/tapper.png';
  s.setItem(`${LEGACY_PACK_PREFIX}old-office`, JSON.stringify({ id: 'old-office', name: 'Old Office', description: 'd', theme: withImage, createdAt: 1000, source: 'uploaded' }));
  s.setItem(`${LEGACY_PACK_PREFIX}broken`, '{not json');
  s.setItem(
    LEGACY_LIST_KEY,
    JSON.stringify([
      { id: 'old-office', name: 'Old Office', description: 'd', createdAt: 1000, source: 'uploaded' },
      { id: 'inline', name: 'Inline', description: '', createdAt: 2000, source: 'uploaded', theme: legacyTheme('Inline') },
    ]),
  );
  s.setItem('playerName', 'Ann');
  return s;
}

describe('localStorage packs of older versions (docs/themes.md "Storage in the browser")', () => {
  it('reads themePack:{id} keys and inline customThemes entries, skipping unreadable ones', () => {
    const packs = readLegacyPacks(storageWith());
    expect(packs.map((p) => p.id)).toEqual(['old-office', 'inline']);
    expect(legacyListEntries(storageWith())).toEqual([
      { id: 'old-office', name: 'Old Office', description: 'd', createdAt: 1000, source: 'localStorage' },
      { id: 'inline', name: 'Inline', description: '', createdAt: 2000, source: 'localStorage' },
    ]);
  });

  it('removes a pack from both keys', () => {
    const s = storageWith();
    expect(removeLegacyPack(s, 'old-office')).toBe(true);
    expect(s.getItem(`${LEGACY_PACK_PREFIX}old-office`)).toBeNull();
    expect(JSON.parse(s.getItem(LEGACY_LIST_KEY) as string)).toHaveLength(1);
    expect(removeLegacyPack(s, 'old-office')).toBe(false);
    expect(removeLegacyPack(s, 'inline')).toBe(true);
    expect(s.getItem(LEGACY_LIST_KEY)).toBeNull();
  });

  it('turns inline data: pictures into pack files and drops outside URLs', () => {
    expect(decodeDataUrl(PNG_DATA_URL)?.bytes.subarray(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
    expect(decodeDataUrl('data:image/svg+xml,%3Csvg%2F%3E')).toEqual({ mime: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') });
    expect(decodeDataUrl('https://x')).toBeNull();
    const t = legacyTheme('Pics');
    t.roles['Bad Guy'].image = PNG_DATA_URL;
    t.roles['Role Looker'].icon = PNG_DATA_URL;
    t.roles['Tapper'].image = 'https://example.invalid/t.png';
    const lines: string[] = [];
    const out = extractInlineImages(t, (l) => lines.push(l));
    expect(out.theme.roles['Bad Guy'].image).toMatch(/^legacy\/.+\.png$/);
    expect(out.theme.roles['Role Looker'].icon).toBe(out.theme.roles['Bad Guy'].image);
    expect(out.theme.roles['Tapper'].image).toBeUndefined();
    expect(out.images.size).toBe(1);
    expect(lines).toHaveLength(1);
  });

  it('moves every readable pack as a normalized pack and removes it from localStorage', async () => {
    const s = storageWith();
    const installed: Array<{ theme: Theme; files: string[] }> = [];
    const outcome = await migrateLegacyPacks(s, async (bytes, theme) => {
      const back = await readNormalizedPack(bytes);
      expect(back.theme).toEqual(theme);
      installed.push({ theme, files: [...back.files.keys()] });
    });
    expect(outcome).toEqual({ moved: ['old-office', 'inline'], failed: [] });
    expect(installed[0]!.theme.roles['Bad Guy'].displayName).toBe('Old Office Spy');
    expect(installed[0]!.files).toHaveLength(1);
    expect(installed[0]!.theme.roles['Bad Guy'].image).toBe(installed[0]!.files[0]);
    expect(readLegacyPacks(s)).toEqual([]);
    expect(s.getItem('playerName')).toBe('Ann');
    expect(s.getItem(`${LEGACY_PACK_PREFIX}broken`)).toBe('{not json');
  });

  it('leaves a pack that fails where it is and reports it', async () => {
    const s = new FakeStorage();
    const bad = legacyTheme('Bad');
    delete (bad.roles as Partial<Theme['roles']>)['Old Hag'];
    s.setItem(`${LEGACY_PACK_PREFIX}bad`, JSON.stringify({ id: 'bad', name: 'Bad', description: '', theme: bad, createdAt: 1, source: 'uploaded' }));
    const outcome = await migrateLegacyPacks(s, async () => undefined);
    expect(outcome).toEqual({ moved: [], failed: [{ id: 'bad', error: 'Theme "Bad" is missing roles: Old Hag' }] });
    expect(s.getItem(`${LEGACY_PACK_PREFIX}bad`)).not.toBeNull();
  });
});
