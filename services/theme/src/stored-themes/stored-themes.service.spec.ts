import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { MAX_PACK_BYTES } from '@nightfall/themes';
import { sha256Hex } from '../packs/pack-reader.js';
import { PacksService } from '../packs/packs.service.js';
import { packOf, sampleTheme, zipOf } from '../testing/packs.js';
import { themeTestDatabase, type ThemeTestDatabase } from '../testing/theme-test-app.js';
import { StoredThemesService } from './stored-themes.service.js';

describe('stored themes and their content-addressed bytes (real PostgreSQL)', () => {
  let db: ThemeTestDatabase;
  let app: INestApplication;
  let stored: StoredThemesService;
  let packs: PacksService;
  let ds: DataSource;
  const counts = async () => {
    const [row] = await ds.query(`SELECT (SELECT count(*) FROM "${db.schema}"."stored_themes")::int AS themes, (SELECT count(*) FROM "${db.schema}"."pack_blobs")::int AS blobs`);
    return row as { themes: number; blobs: number };
  };

  beforeAll(async () => {
    db = await themeTestDatabase();
    app = await db.start();
    stored = app.get(StoredThemesService);
    packs = app.get(PacksService);
    ds = app.get(DataSource);
  });
  afterAll(() => db.close());

  it('stores a valid pack and answers its summary', async () => {
    const owner = randomUUID();
    const bytes = await packOf(sampleTheme('noir', 'Noir'));
    const saved = await stored.put({ ownerId: owner, pack: bytes });
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ownerId: owner,
      themeId: 'noir',
      name: 'Noir',
      description: 'The Noir theme.',
      sha256: sha256Hex(bytes),
      sizeBytes: bytes.length,
      visibility: 'private',
      createdAt: expect.any(String),
      updatedAt: saved.createdAt,
    });
    const blob = await packs.find(saved.sha256);
    expect(Buffer.compare(blob!.bytes, bytes)).toBe(0);
    const [row] = await ds.query(`SELECT "json" FROM "${db.schema}"."stored_themes" WHERE "id" = $1`, [saved.id]);
    expect(row.json).toMatchObject({ id: 'noir', name: 'Noir', engineVersion: '1.0.0' });
  });

  it('stores the same bytes once, whoever uploads them', async () => {
    const bytes = await packOf(sampleTheme('shared', 'Shared'));
    const owners = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const saved = await Promise.all(owners.map((ownerId) => stored.put({ ownerId, pack: bytes })));
    expect(new Set(saved.map((s) => s.id)).size).toBe(4);
    expect(new Set(saved.map((s) => s.sha256))).toEqual(new Set([sha256Hex(bytes)]));
    expect(await packs.count([sha256Hex(bytes)])).toBe(1);
  });

  it('replaces the owner\'s theme with the same theme id (same id and createdAt, new bytes; the old bytes go)', async () => {
    const owner = randomUUID();
    const first = await stored.put({ ownerId: owner, pack: await packOf(sampleTheme('dusk', 'Dusk')) });
    const secondBytes = await packOf(sampleTheme('dusk', 'Dusk II'));
    const second = await stored.put({ ownerId: owner, pack: secondBytes });
    expect(second).toMatchObject({ id: first.id, createdAt: first.createdAt, name: 'Dusk II', sha256: sha256Hex(secondBytes) });
    expect(second.sha256).not.toBe(first.sha256);
    expect(await packs.count([first.sha256])).toBe(0);
    expect((await stored.list({ ownerId: owner })).themes.map((t) => t.name)).toEqual(['Dusk II']);
  });

  it('changes nothing for a bad pack and answers INVALID_PACK with the spec text', async () => {
    const before = await counts();
    const owner = randomUUID();
    expect(await rpcErrorOf(stored.put({ ownerId: owner, pack: Buffer.from('not a zip') }))).toEqual({ code: 'INVALID_PACK', title: 'Invalid File', message: 'Please upload a ZIP file' });
    expect(await rpcErrorOf(stored.put({ ownerId: owner, pack: await zipOf({ 'readme.txt': 'hi' }) }))).toEqual({
      code: 'INVALID_PACK',
      title: 'Upload Failed',
      message: 'Invalid theme pack: missing manifest.json',
    });
    const { roles: _roles, ...noRoles } = sampleTheme('empty', 'Empty');
    expect((await rpcErrorOf(stored.put({ ownerId: owner, pack: await packOf(noRoles) }))).message).toBe('Theme "Empty" is incomplete. Missing required fields.');
    expect((await rpcErrorOf(stored.put({ ownerId: owner, pack: await packOf(sampleTheme('generic')) }))).code).toBe('INVALID_PACK');
    expect((await rpcErrorOf(stored.put({ ownerId: 'nobody', pack: await packOf(sampleTheme('x')) }))).code).toBe('INVALID_INPUT');
    expect(await counts()).toEqual(before);
  });

  it('refuses a pack over 50 MB: PACK_TOO_LARGE', async () => {
    const err = await rpcErrorOf(stored.put({ ownerId: randomUUID(), pack: Buffer.alloc(MAX_PACK_BYTES + 1) }));
    expect(err).toEqual({ code: 'PACK_TOO_LARGE', title: 'Upload Failed', message: 'Theme is too large (50.00 MB). The limit is 50 MB.' });
  });

  it('lists the owner\'s themes newest first, and deletes only the owner\'s own; the bytes go with the last user', async () => {
    let t = Date.UTC(2030, 0, 1);
    const clocked = await db.start(() => (t += 1000));
    const svc = clocked.get(StoredThemesService);
    const alice = randomUUID();
    const bob = randomUUID();
    const sharedBytes = await packOf(sampleTheme('twin', 'Twin'));
    const a1 = await svc.put({ ownerId: alice, pack: await packOf(sampleTheme('one', 'One')) });
    const a2 = await svc.put({ ownerId: alice, pack: sharedBytes });
    const b1 = await svc.put({ ownerId: bob, pack: sharedBytes });
    expect((await svc.list({ ownerId: alice })).themes.map((x) => x.id)).toEqual([a2.id, a1.id]);
    expect(await rpcErrorOf(svc.delete({ ownerId: alice, id: b1.id }))).toEqual({ code: 'THEME_NOT_FOUND', title: 'Delete Failed', message: 'Theme pack not found in storage' });
    expect((await rpcErrorOf(svc.delete({ ownerId: alice, id: 'not-a-uuid' }))).code).toBe('THEME_NOT_FOUND');
    await svc.delete({ ownerId: alice, id: a2.id });
    expect(await packs.count([a2.sha256])).toBe(1); // bob still uses the bytes
    await svc.delete({ ownerId: bob, id: b1.id });
    expect(await packs.count([a2.sha256])).toBe(0);
    await svc.delete({ ownerId: alice, id: a1.id });
    expect((await svc.list({ ownerId: alice })).themes).toEqual([]);
    expect((await rpcErrorOf(svc.delete({ ownerId: alice, id: a1.id }))).code).toBe('THEME_NOT_FOUND');
  });

  it('never loses bytes a stored theme uses under concurrent uploads and deletes of the same pack', async () => {
    const bytes = await packOf(sampleTheme('race', 'Race'), { 'noise.bin': randomBytes(2048) });
    const sha = sha256Hex(bytes);
    const owners = Array.from({ length: 6 }, () => randomUUID());
    for (let round = 0; round < 5; round++) {
      const first = await stored.put({ ownerId: owners[0]!, pack: bytes });
      // one owner deletes while the others upload the same bytes
      await Promise.all([stored.delete({ ownerId: owners[0]!, id: first.id }), ...owners.slice(1).map((ownerId) => stored.put({ ownerId, pack: bytes }))]);
      const [{ users }] = await ds.query(`SELECT count(*)::int AS users FROM "${db.schema}"."stored_themes" WHERE "pack_sha256" = $1`, [sha]);
      expect([users, await packs.count([sha])]).toEqual([5, 1]);
      await Promise.all(owners.slice(1).map(async (ownerId) => stored.delete({ ownerId, id: (await stored.list({ ownerId })).themes[0]!.id })));
      expect(await packs.count([sha])).toBe(0);
    }
  });

  it('keeps both packs when two owners swap them at once (a deadlock is retried)', async () => {
    const x = await packOf(sampleTheme('swap', 'Swap X'));
    const y = await packOf(sampleTheme('swap', 'Swap Y'));
    const [one, two] = [randomUUID(), randomUUID()];
    // PostgreSQL finds a deadlock after deadlock_timeout (1 s by default); the loser runs again
    for (let round = 0; round < 3; round++) {
      await Promise.all([stored.put({ ownerId: one, pack: x }), stored.put({ ownerId: two, pack: y })]);
      const [a, b] = await Promise.all([stored.put({ ownerId: one, pack: y }), stored.put({ ownerId: two, pack: x })]);
      expect([a.name, b.name]).toEqual(['Swap Y', 'Swap X']);
      expect(await packs.count([sha256Hex(x), sha256Hex(y)])).toBe(2);
    }
  }, 60_000);
});
