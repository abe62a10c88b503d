import { randomBytes, randomUUID } from 'node:crypto';
import { ClientProxyFactory, type ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { THEME_GRPC_MAX_MESSAGE_BYTES, themeV1 } from '@nightfall/contracts';
import { decodeRpcError, grpcClientOptions, GrpcStatus, type RemoteError } from '@nightfall/server-kit';
import { sha256Hex } from '../packs/pack-reader.js';
import { packOf, sampleTheme } from '../testing/packs.js';
import { themeTestDatabase, type ThemeTestDatabase } from '../testing/theme-test-app.js';

describe('nightfall.theme.v1.ThemeService over gRPC', () => {
  let db: ThemeTestDatabase;
  let client: themeV1.ThemeServiceClient;
  let close: () => Promise<void>;
  /** The decoded error of a call that must fail. */
  const failure = async (p: Promise<unknown>): Promise<RemoteError> => {
    try {
      await p;
    } catch (err) {
      return decodeRpcError(err);
    }
    throw new Error('expected the call to fail');
  };

  beforeAll(async () => {
    db = await themeTestDatabase();
    const { url } = await db.startGrpc();
    const proxy = ClientProxyFactory.create(grpcClientOptions('THEME', 'theme', url, { maxMessageBytes: THEME_GRPC_MAX_MESSAGE_BYTES }) as never) as unknown as ClientGrpc & {
      close(): Promise<void>;
    };
    client = proxy.getService<themeV1.ThemeServiceClient>(themeV1.THEME_SERVICE_NAME);
    close = async () => proxy.close();
  });
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('takes and gives back a pack far above gRPC\'s 4 MiB default (messages up to 64 MiB)', async () => {
    const owner = randomUUID();
    const bytes = await packOf(sampleTheme('big', 'Big'), { 'images/noise.bin': randomBytes(12 * 1024 * 1024) });
    expect(bytes.length).toBeGreaterThan(12 * 1024 * 1024);
    const saved = await firstValueFrom(client.putThemePack({ ownerId: owner, pack: bytes }));
    expect(saved).toMatchObject({ ownerId: owner, themeId: 'big', sha256: sha256Hex(bytes), sizeBytes: bytes.length });
    const pack = await firstValueFrom(client.getThemePack({ sha256: saved.sha256.toUpperCase() }));
    expect([pack.sha256, pack.sizeBytes, Buffer.compare(Buffer.from(pack.pack), bytes)]).toEqual([saved.sha256, bytes.length, 0]);
    expect((await firstValueFrom(client.listThemes({ ownerId: owner }))).themes).toEqual([saved]);
  }, 60_000);

  it('answers errors as a status and {code, title, message}', async () => {
    const bad = await failure(firstValueFrom(client.putThemePack({ ownerId: randomUUID(), pack: Buffer.from('nope') })));
    expect([bad.status, bad.body]).toEqual([GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_PACK', title: 'Invalid File', message: 'Please upload a ZIP file' }]);
    const missing = await failure(firstValueFrom(client.getThemePack({ sha256: 'a'.repeat(64) })));
    expect([missing.status, missing.body.code]).toEqual([GrpcStatus.NOT_FOUND, 'PACK_NOT_FOUND']);
    const malformed = await failure(firstValueFrom(client.getThemePack({ sha256: '../etc/passwd' })));
    expect([malformed.status, malformed.body.code]).toEqual([GrpcStatus.INVALID_ARGUMENT, 'INVALID_INPUT']);
    const unknown = await failure(firstValueFrom(client.setUserTheme({ userId: randomUUID(), themeId: 'unknown' })));
    expect([unknown.status, unknown.body.code]).toEqual([GrpcStatus.NOT_FOUND, 'THEME_NOT_FOUND']);
    const gone = await failure(firstValueFrom(client.deleteTheme({ ownerId: randomUUID(), id: randomUUID() })));
    expect([gone.status, gone.body.code]).toEqual([GrpcStatus.NOT_FOUND, 'THEME_NOT_FOUND']);
  });

  it('carries preferences, the default and the resolved theme (an unset message field arrives as null)', async () => {
    const admin = randomUUID();
    const user = randomUUID();
    const theme = await firstValueFrom(client.putThemePack({ ownerId: admin, pack: await packOf(sampleTheme('wire', 'Wire')) }));
    expect(await firstValueFrom(client.getDefaultTheme({}))).toEqual({ defaultTheme: 'generic', updatedAt: '', updatedBy: '', theme: null });
    expect(await firstValueFrom(client.setDefaultTheme({ themeId: 'wire', actorId: admin }))).toMatchObject({ defaultTheme: 'wire', updatedBy: admin, theme: { id: theme.id } });
    expect(await firstValueFrom(client.resolveTheme({ userId: '' }))).toMatchObject({ themeId: 'wire', source: 'default', theme: { sha256: theme.sha256 } });
    expect(await firstValueFrom(client.getUserTheme({ userId: user }))).toEqual({ preferredThemeId: '', themeCopied: false, updatedAt: '', theme: null });
    expect(await firstValueFrom(client.setUserTheme({ userId: user, themeId: theme.id }))).toMatchObject({ preferredThemeId: 'wire', themeCopied: true, theme: { ownerId: user } });
    expect(await firstValueFrom(client.resolveTheme({ userId: user }))).toMatchObject({ themeId: 'wire', source: 'preferred', theme: { ownerId: user, sha256: theme.sha256 } });
  });
});
