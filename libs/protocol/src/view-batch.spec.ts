import { encodeViewBatch, ViewBatch, VIEW_BATCH_FORMAT } from './view-batch.js';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const text = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('utf8'));

describe('view batch (docs/hot-path.md "One view batch per change")', () => {
  const shared = { starts: [utf8('{"type":"game_updated","view":{"game":{"phase":"night"},'), utf8('{"type":"game_updated","view":{"game":{"phase":"night","center":["Bad Guy"]},')] as const, end: utf8(',"messages":[{"content":"héllo ✓"}]}') };

  it('gives each viewer start + own part + end, and a whole message as it is', () => {
    const batch = ViewBatch.read(
      encodeViewBatch(shared, [
        { userId: 'a1', kind: 0, part: utf8('"me":{"role":"Bad Guy"}}') },
        { userId: 'admin-é', kind: 1, part: utf8('"me":null}') },
        { userId: 'gone', kind: 2, part: utf8('{"type":"removed","reason":"kicked"}') },
      ]),
    );
    expect(text(batch.messageFor('a1'))).toBe('{"type":"game_updated","view":{"game":{"phase":"night"},"me":{"role":"Bad Guy"}},"messages":[{"content":"héllo ✓"}]}');
    expect(text(batch.messageFor('admin-é'))).toBe('{"type":"game_updated","view":{"game":{"phase":"night","center":["Bad Guy"]},"me":null},"messages":[{"content":"héllo ✓"}]}');
    expect(text(batch.messageFor('gone'))).toBe('{"type":"removed","reason":"kicked"}');
    expect(batch.messageFor('someone-else')).toBeNull();
    expect(batch.userIds).toEqual(['a1', 'admin-é', 'gone']);
  });

  it('reads a batch that sits inside a larger buffer (as a NATS payload does)', () => {
    const bytes = encodeViewBatch({ starts: [utf8('{'), new Uint8Array(0)], end: utf8('}') }, [{ userId: 'u', kind: 0, part: utf8('"x":1') }]);
    const pool = new Uint8Array(bytes.length + 10);
    pool.set(bytes, 7);
    expect(text(ViewBatch.read(pool.subarray(7, 7 + bytes.length)).messageFor('u'))).toBe('{"x":1}');
  });

  it('refuses bytes that are not a batch of its format', () => {
    const good = encodeViewBatch(shared, [{ userId: 'a1', kind: 0, part: utf8('"me":{}}') }]);
    expect(good[0]).toBe(VIEW_BATCH_FORMAT);
    expect(() => ViewBatch.read(utf8('{"type":"game_updated"}'))).toThrow(/bad view batch/);
    expect(() => ViewBatch.read(good.subarray(0, good.length - 3))).toThrow(/bad view batch: truncated/);
    const badKind = good.slice();
    badKind[1 + 4 + shared.starts[0].length + 4 + shared.starts[1].length + 4 + shared.end.length] = 7;
    expect(() => ViewBatch.read(badKind)).toThrow(/bad view batch: bad entry/);
  });
});
