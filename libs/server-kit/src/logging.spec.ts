/**
 * The access lines of every service's HTTP server (pino-http with pinoHttpOptions), written by a real pino-http
 * middleware on a loopback HTTP server into a captured stream.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { accessLogRequest, pinoHttpOptions } from './logging.js';

describe('access lines (docs/hot-path.md "The tenth machine")', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const logger = pinoHttp({ ...pinoHttpOptions('test-service', 'info'), genReqId: () => 'req-1' }, stream);
    server = createServer((req, res) => {
      logger(req, res);
      res.setHeader('set-cookie', 'nf_session=secret-cookie-value');
      res.setHeader('x-frame-options', 'SAMEORIGIN');
      res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  /** The access line of the request to `path` once it was written. */
  async function lineOf(path: string, init?: RequestInit): Promise<Record<string, unknown>> {
    const before = lines.length;
    await (await fetch(url + path, init)).arrayBuffer();
    for (let i = 0; i < 50 && lines.length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(lines.length).toBe(before + 1);
    return lines[before];
  }

  it('logs id, method, path, client address and status: no headers, no query string', async () => {
    const line = await lineOf('/api/admin/users?search=ann.secret%40example.com&page=1', { headers: { cookie: 'nf_session=secret-cookie-value', 'x-custom': 'h' } });
    expect(line).toMatchObject({ name: 'test-service', msg: 'request completed', req: { id: 'req-1', method: 'GET', url: '/api/admin/users', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(Object.keys(line.req as object).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
    expect(line.res).toEqual({ statusCode: 200 });
    const text = JSON.stringify(line);
    for (const secret of ['ann.secret', 'secret-cookie-value', 'x-custom', 'SAMEORIGIN']) expect(text).not.toContain(secret);
  });

  it('writes no line for health probes and metric scrapes, and one for a 404', async () => {
    const before = lines.length;
    await (await fetch(`${url}/health/ready`)).arrayBuffer();
    await (await fetch(`${url}/metrics`)).arrayBuffer();
    const missing = await lineOf('/missing/page');
    expect(lines.length).toBe(before + 1);
    expect(missing.res).toEqual({ statusCode: 404 });
  });

  it("reads Express's path and client address when the request went through Express", () => {
    const req = { id: 7, method: 'POST', url: '/join?x=1', originalUrl: '/api/rooms/join?code=AB', ip: '203.0.113.9', socket: { remoteAddress: '10.0.0.1' } };
    expect(accessLogRequest(req as never)).toEqual({ id: '7', method: 'POST', url: '/api/rooms/join', remoteAddress: '203.0.113.9' });
  });
});
