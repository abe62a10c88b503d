/**
 * One NATS message per change of a game, carrying every viewer's socket message (docs/hot-path.md "One view
 * batch per change"). Every view of a change shares its start (`{"type":…,"gameId":…,"version":…,"view":{"game":…,
 * "players":[…],`, one for players and one for the game's admin viewers) and its end (the chat, or `}`); only
 * the viewer's own part differs. The batch carries the two starts and the end once, then each viewer's own part
 * under their user id, so game-engine publishes one message of about one view instead of one whole view per
 * viewer, and a gateway picks out the bytes of the players whose sockets it holds without parsing any JSON.
 *
 * Layout (big-endian): byte 0 the format (1); then three blocks, each a u32 length and its bytes: the players'
 * start, the admin viewers' start, the end; then entries to the end of the message, each: u8 kind (0 = a view
 * built on the players' start, 1 = on the admin start, 2 = a whole message such as `removed`), u16 the user
 * id's length in UTF-16 code units and the code units (u16 each), u32 the part's length and its bytes.
 * A viewer's socket message is start + own part + end (kinds 0 and 1) or the part alone (kind 2).
 * Framework-free and without Node's Buffer: plain Uint8Array.
 */

/** The format byte of a batch this code writes and reads. */
export const VIEW_BATCH_FORMAT = 1;

/** Which start a viewer's part goes with: the players' (0), the admin viewers' (1), or none: a whole message (2). */
export type ViewBatchKind = 0 | 1 | 2;

/** One viewer's entry of a batch. */
export interface ViewBatchEntry {
  userId: string;
  kind: ViewBatchKind;
  /** The viewer's own part (kinds 0, 1) or whole socket message (kind 2), UTF-8 bytes. */
  part: Uint8Array;
}

/** The shared blocks of a batch: the two starts (players, admin viewers; empty when no viewer uses one) and the end. */
export interface ViewBatchShared {
  starts: readonly [Uint8Array, Uint8Array];
  end: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/**
 * Encodes a batch (layout above).
 * @throws RangeError when a user id is longer than 65,535 code units
 */
export function encodeViewBatch(shared: ViewBatchShared, entries: readonly ViewBatchEntry[]): Uint8Array {
  const [s0, s1] = shared.starts;
  let size = 1 + 4 + s0.length + 4 + s1.length + 4 + shared.end.length;
  for (const e of entries) {
    if (e.userId.length > 0xffff) throw new RangeError('view batch: user id too long');
    size += 1 + 2 + 2 * e.userId.length + 4 + e.part.length;
  }
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = 0;
  out[at++] = VIEW_BATCH_FORMAT;
  for (const block of [s0, s1, shared.end]) {
    dv.setUint32(at, block.length);
    out.set(block, at + 4);
    at += 4 + block.length;
  }
  for (const e of entries) {
    out[at++] = e.kind;
    dv.setUint16(at, e.userId.length);
    at += 2;
    for (let i = 0; i < e.userId.length; i++, at += 2) dv.setUint16(at, e.userId.charCodeAt(i));
    dv.setUint32(at, e.part.length);
    out.set(e.part, at + 4);
    at += 4 + e.part.length;
  }
  return out;
}

/**
 * A received batch, indexed once by user id. {@link messageFor} builds one viewer's socket message.
 * @throws Error 'bad view batch: …' from {@link ViewBatch.read} when the bytes are not a batch of this format
 */
export class ViewBatch {
  private constructor(
    private readonly bytes: Uint8Array,
    private readonly starts: readonly [Uint8Array, Uint8Array],
    private readonly end: Uint8Array,
    /** user id -> [kind, start offset of the part, end offset] */
    private readonly index: ReadonlyMap<string, readonly [ViewBatchKind, number, number]>,
  ) {}

  /** Reads and indexes a batch. @throws Error 'bad view batch: …' on a wrong format byte or a length past the end */
  static read(bytes: Uint8Array): ViewBatch {
    const fail = (why: string): never => {
      throw new Error(`bad view batch: ${why}`);
    };
    if (bytes.length < 13 || bytes[0] !== VIEW_BATCH_FORMAT) fail(`format ${bytes[0]}`);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 1;
    const block = (): Uint8Array => {
      if (at + 4 > bytes.length) fail('truncated');
      const n = dv.getUint32(at);
      if (at + 4 + n > bytes.length) fail('truncated');
      const b = n === 0 ? EMPTY : bytes.subarray(at + 4, at + 4 + n);
      at += 4 + n;
      return b;
    };
    const s0 = block();
    const s1 = block();
    const end = block();
    const index = new Map<string, readonly [ViewBatchKind, number, number]>();
    while (at < bytes.length) {
      const kind = bytes[at++]!;
      if (kind > 2 || at + 2 > bytes.length) fail('bad entry');
      const n = dv.getUint16(at);
      at += 2;
      if (at + 2 * n + 4 > bytes.length) fail('truncated');
      const codes: number[] = new Array<number>(n);
      for (let i = 0; i < n; i++, at += 2) codes[i] = dv.getUint16(at);
      const len = dv.getUint32(at);
      at += 4;
      if (at + len > bytes.length) fail('truncated');
      index.set(String.fromCharCode(...codes), [kind as ViewBatchKind, at, at + len]);
      at += len;
    }
    return new ViewBatch(bytes, [s0, s1], end, index);
  }

  /** The user ids the batch has a message for, in the order they were written. */
  get userIds(): string[] {
    return [...this.index.keys()];
  }

  /**
   * One viewer's socket message: UTF-8 JSON bytes (a new array for a view, a view into the batch for a whole message).
   * @returns null when the batch has nothing for this user
   */
  messageFor(userId: string): Uint8Array | null {
    const e = this.index.get(userId);
    if (!e) return null;
    const [kind, from, to] = e;
    const part = this.bytes.subarray(from, to);
    if (kind === 2) return part;
    const start = this.starts[kind];
    const out = new Uint8Array(start.length + part.length + this.end.length);
    out.set(start, 0);
    out.set(part, start.length);
    out.set(this.end, start.length + part.length);
    return out;
  }
}
