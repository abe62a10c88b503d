import { startTestStack, api } from '@nightfall/testing';
const stack = await startTestStack({ extraEnv: { gateway: { AUTH_RATE_LIMIT: '0' } } });
try {
  const host = (await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password })).cookie;
  const show = async (label, path, init = {}) => {
    const r = await fetch(stack.url + path, init);
    const t = await r.text();
    console.log(label, r.status, r.headers.get('content-type'), t.slice(0, 160).replace(/\n/g, ' '));
  };
  await show('bad json', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
  await show('scalar json', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '5' });
  await show('huge', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(70000) }) });
  await show('charset', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-7' }, body: '{}' });
  await show('encoding', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'zzz' }, body: '{}' });
  await show('gzip junk', '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: '{}' });
  await show('bad pct', '/api/games/%E0%A4%A', { headers: { cookie: host } });
  await show('bad pct2', '/api/admin/custom-roles/%ZZ', { method: 'DELETE', headers: { cookie: host } });
  await show('unknown', '/api/nope', {});
  await show('unknown root', '/nope', {});
  await show('method', '/api/me', { method: 'DELETE' });
  await show('options', '/api/me', { method: 'OPTIONS' });
  await show('login obj', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: { a: 1 }, password: 'x' }) });
  await show('login arr', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ['a@b.c'], password: 'x' }) });
  await show('login num pw', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 5 }) });
  await show('login long', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a'.repeat(60000), password: 'x' }) });
  await show('dev checkout', '/dev/checkout?session=abc', {});
  await show('dev complete', '/dev/checkout/complete?session=abc', { method: 'POST' });
  await show('webhook', '/api/stripe/webhook', { method: 'POST', body: 'junk', headers: { 'stripe-signature': 't=1,v1=abc' } });
  await show('pack', '/api/themes/packs', { method: 'POST', body: 'PK\x03\x04junk', headers: { cookie: host } });
  await show('pack get', '/api/themes/packs/zz', {});
  await show('users q', '/api/admin/users?page=abc&page=2', { headers: { cookie: host } });
  await show('bad cookie', '/api/me', { headers: { cookie: 'nf_session=%E0%A4%A' } });
  await show('text body create', '/api/rooms/create', { method: 'POST', body: '{"displayName":5}', headers: { cookie: host, 'content-type': 'text/plain' } });
} finally {
  await stack.stop();
  await stack.dropDatabase();
}
