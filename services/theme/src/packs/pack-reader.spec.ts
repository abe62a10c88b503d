import { ThemePackError } from '@nightfall/themes';
import { packOf, sampleTheme, zipOf } from '../testing/packs.js';
import { MISSING_MANIFEST, NOT_A_ZIP, findManifest, isSha256, readThemePack, sha256Hex } from './pack-reader.js';
import JSZip from 'jszip';

/** The ThemePackError a read must fail with. */
async function failure(bytes: Uint8Array): Promise<ThemePackError> {
  try {
    await readThemePack(bytes);
  } catch (err) {
    if (err instanceof ThemePackError) return err;
    throw err;
  }
  throw new Error('expected the pack to be refused');
}

describe('reading a theme pack (spec 001 section 5)', () => {
  it('reads manifest.json as a complete theme, checked and completed', async () => {
    const theme = await readThemePack(await packOf(sampleTheme('noir', 'Noir'), { 'images/a.png': new Uint8Array([1, 2, 3]) }));
    expect(theme).toMatchObject({ id: 'noir', name: 'Noir', description: 'The Noir theme.', engineVersion: '1.0.0' });
    expect(theme.roles['Bad Guy']?.displayName).toBeTruthy();
  });

  it('finds manifest.json by its file name in a folder, nearest the root, ignoring __MACOSX', async () => {
    const zip = await JSZip.loadAsync(
      await zipOf({ '__MACOSX/pack/._manifest.json': 'x', 'pack/deeper/manifest.json': '{}', 'pack/Manifest.JSON': '{}', 'pack/not-manifest.json.txt': '{}' }),
    );
    expect(findManifest(zip)?.name).toBe('pack/Manifest.JSON');
    const theme = await readThemePack(await zipOf({ 'my-pack/manifest.json': JSON.stringify(sampleTheme('nested')) }));
    expect(theme.id).toBe('nested');
  });

  it("refuses bytes that are no ZIP: 'Invalid File' / 'Please upload a ZIP file'", async () => {
    const err = await failure(Buffer.from('this is not a zip file'));
    expect([err.title, err.message]).toEqual(['Invalid File', NOT_A_ZIP]);
    expect((await failure(new Uint8Array(0))).message).toBe(NOT_A_ZIP);
  });

  it("refuses a ZIP without manifest.json: 'Invalid theme pack: missing manifest.json'", async () => {
    const err = await failure(await zipOf({ 'theme.json': '{}', 'manifest.json.bak': '{}' }));
    expect([err.title, err.message]).toEqual(['Upload Failed', MISSING_MANIFEST]);
  });

  it('refuses a manifest that is not JSON, or not a complete theme, with the spec texts', async () => {
    expect((await failure(await zipOf({ 'manifest.json': '{ nope' }))).message).toBe('Invalid theme pack: manifest.json is not valid JSON');
    expect((await failure(await packOf({ id: 'x', name: 'Half' }))).message).toBe('Theme "Half" is incomplete. Missing required fields.');
    const theme = sampleTheme('few', 'Few Roles');
    const roles = { ...theme.roles } as Record<string, unknown>;
    delete roles['Bad Guy'];
    delete roles['Role Looker'];
    expect((await failure(await packOf({ ...theme, roles }))).message).toBe('Theme "Few Roles" is missing roles: Bad Guy, Role Looker');
  });

  it('refuses the reserved ids: generic and the legacy ids', async () => {
    for (const id of ['generic', 'russiagate', 'corporate', 'corporate-espionage', 'onuw-classic']) {
      expect((await failure(await packOf(sampleTheme(id)))).message).toBe(`Theme id "${id}" is reserved for the built-in theme. Give the theme another id in manifest.json.`);
    }
  });

  it('refuses a manifest.json that inflates beyond the 50 MB limit', async () => {
    const huge = await zipOf({ 'manifest.json': ' '.repeat(50 * 1024 * 1024 + 1) });
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect((await failure(huge)).message).toBe('Invalid theme pack: manifest.json is larger than 50 MB');
  }, 30_000); // deflating 50 MB takes seconds on a loaded 2-core machine

  it('addresses packs by their SHA-256', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(isSha256('BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD')).toBe(true);
    expect(isSha256('ba7816bf')).toBe(false);
    expect(isSha256(`${'a'.repeat(64)}/`)).toBe(false);
  });
});
