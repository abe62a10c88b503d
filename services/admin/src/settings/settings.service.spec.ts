import { rpcErrorOf } from '@nightfall/server-kit';
import { AuditService } from '../audit/audit.service.js';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { SettingsService } from './settings.service.js';

describe('global settings (real PostgreSQL)', () => {
  let f: AdminFixture;
  let settings: SettingsService;
  let audit: AuditService;

  beforeAll(async () => {
    f = await adminFixture();
    settings = f.app.get(SettingsService);
    audit = f.app.get(AuditService);
  });
  afterAll(() => f.close());

  it('reads an unset key as empty, writes (admins) and reads it back, audited', async () => {
    expect(await settings.get({ key: 'defaultTheme' })).toEqual({ key: 'defaultTheme', value: '', updatedBy: '', updatedAt: '' });
    const first = await settings.set({ actorUserId: f.admin.id, key: 'defaultTheme', value: 'generic' });
    expect(first).toMatchObject({ key: 'defaultTheme', value: 'generic', updatedBy: f.admin.id });
    await settings.set({ actorUserId: f.listed.id, key: ' defaultTheme ', value: 'noir' });
    expect(await settings.get({ key: 'defaultTheme' })).toMatchObject({ value: 'noir', updatedBy: f.listed.id });
    const log = (await audit.list({ actorUserId: f.admin.id, page: 1, pageSize: 10 })).entries.map((e) => [e.action, e.target, JSON.parse(e.beforeJson), JSON.parse(e.afterJson), e.actorUserId]);
    expect(log).toEqual([
      ['setting.set', 'setting:defaultTheme', { value: 'generic' }, { value: 'noir' }, f.listed.id],
      ['setting.set', 'setting:defaultTheme', null, { value: 'generic' }, f.admin.id],
    ]);
  });

  it('keeps one row per key under concurrent first writes', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((value) => settings.set({ actorUserId: f.admin.id, key: 'raceKey', value })));
    expect(['a', 'b', 'c', 'd']).toContain((await settings.get({ key: 'raceKey' })).value);
    const entries = (await audit.list({ actorUserId: f.admin.id, page: 1, pageSize: 100 })).entries.filter((e) => e.target === 'setting:raceKey');
    expect(entries).toHaveLength(4);
    expect(entries.filter((e) => e.beforeJson === 'null')).toHaveLength(1);
  });

  it('writes for admins only and validates keys and values', async () => {
    expect((await rpcErrorOf(settings.set({ actorUserId: f.user.id, key: 'defaultTheme', value: 'x' }))).code).toBe('ACCESS_DENIED');
    expect(await rpcErrorOf(settings.get({ key: '' }))).toEqual({ code: 'INVALID_SETTING', title: 'Error', message: 'Setting key is required' });
    expect((await rpcErrorOf(settings.get({ key: 'k'.repeat(101) }))).message).toBe('Setting key must be 100 characters or less');
    expect((await rpcErrorOf(settings.set({ actorUserId: f.admin.id, key: 'has space', value: 'x' }))).code).toBe('INVALID_SETTING');
    expect((await rpcErrorOf(settings.set({ actorUserId: f.admin.id, key: 'defaultTheme', value: ' ' }))).message).toBe('Default theme is required');
    expect((await settings.get({ key: 'k'.repeat(100) })).value).toBe('');
  });
});
