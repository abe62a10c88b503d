import { ClientProxyFactory, type ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { adminV1 } from '@nightfall/contracts';
import { decodeRpcError, grpcClientOptions, GrpcStatus, type RemoteError } from '@nightfall/server-kit';
import { adminTestDatabase, type AdminTestDatabase } from '../testing/admin-test-app.js';
import { FakeOwners } from '../testing/fake-owners.js';

describe('nightfall.admin.v1.AdminService over gRPC (fake identity and billing)', () => {
  const owners = new FakeOwners();
  const primary = owners.addUser('root@example.com', { verified: true });
  const plain = owners.addUser('plain@example.com', { verified: true });
  let db: AdminTestDatabase;
  let client: adminV1.AdminServiceClient;
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
    db = await adminTestDatabase();
    const { url } = await db.startGrpc(owners, { SUPER_ADMIN_EMAIL: 'root@example.com' });
    const proxy = ClientProxyFactory.create(grpcClientOptions('ADMIN', 'admin', url) as never) as unknown as ClientGrpc & { close(): Promise<void> };
    client = proxy.getService<adminV1.AdminServiceClient>(adminV1.ADMIN_SERVICE_NAME);
    close = async () => proxy.close();
  });
  afterAll(async () => {
    await close();
    await db.close();
  });
  afterEach(() => {
    owners.down = false;
  });

  it('answers GetAccess', async () => {
    expect(await firstValueFrom(client.getAccess({ userId: primary.id }))).toEqual({ isAdmin: true, isSuperAdmin: true, isPrimary: true });
    expect(await firstValueFrom(client.getAccess({ userId: plain.id }))).toEqual({ isAdmin: false, isSuperAdmin: false, isPrimary: false });
  });

  it('carries theme variants (a proto map) both ways', async () => {
    const themeVariants = { werewolf: { title: 'W', imageUrl: '' }, russiagate: { title: 'R', imageUrl: '' }, corporate: { title: 'C', imageUrl: '' }, generic: { title: 'G', imageUrl: 'https://img.test/g.png' } };
    const role = await firstValueFrom(
      client.createCustomRole({ actorUserId: primary.id, role: { baseName: 'Wire', team: 'villager', abilities: '', nightOrder: 2, isActive: true, themeVariants } }),
    );
    expect(role).toMatchObject({ baseName: 'Wire', nightOrder: 2, themeVariants });
    expect((await firstValueFrom(client.listCustomRoles({ actorUserId: '', activeOnly: true }))).roles).toEqual([role]);
  });

  it('sends its own errors as status + ErrorBody (details included)', async () => {
    const err = await failure(firstValueFrom(client.createCustomRole({ actorUserId: primary.id, role: { baseName: 'X', team: '', abilities: '', nightOrder: 0, isActive: true, themeVariants: {} } })));
    expect(err.status).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(err.body).toMatchObject({ code: 'INVALID_CUSTOM_ROLE', title: 'Failed to create role', message: 'All theme titles are required', details: { description: 'Missing titles for: werewolf, russiagate, corporate, generic' } });
    const denied = await failure(firstValueFrom(client.listAuditLog({ actorUserId: plain.id, page: 1, pageSize: 10 })));
    expect([denied.status, denied.body.code]).toEqual([GrpcStatus.PERMISSION_DENIED, 'ACCESS_DENIED']);
  });

  it('passes on an outage of identity or billing as UNAVAILABLE / SERVICE_UNAVAILABLE', async () => {
    owners.down = true;
    const err = await failure(firstValueFrom(client.getAccess({ userId: primary.id })));
    expect([err.status, err.body.code]).toEqual([GrpcStatus.UNAVAILABLE, 'SERVICE_UNAVAILABLE']);
  });
});
