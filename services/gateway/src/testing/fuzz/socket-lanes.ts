/**
 * Sends fuzzed frames on real sockets and checks each answer (docs/architecture.md "Fuzzing"). A lane is
 * one socket: it sends its frames one at a time and takes the next message as that frame's answer, so every
 * answer belongs to exactly one frame; the lanes of a batch run side by side.
 */
import type { ServerMessage } from '@nightfall/protocol';
import type { TestSocket } from '@nightfall/testing';
import type { FuzzTally } from './budget.js';
import type { FuzzFrame, Persona } from './socket-frames.js';

/** How long one frame may wait for its answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/** A frame, shortened for a failure message. */
export function describeFrame(f: FuzzFrame): string {
  const raw = typeof f.raw === 'string' ? JSON.stringify(f.raw) : `<${f.raw.length} bytes: ${Buffer.from(f.raw).toString('hex').slice(0, 80)}>`;
  const shown = raw.length > 400 ? `${raw.slice(0, 400)}... (${raw.length} characters)` : raw;
  return `${f.kind} frame from ${f.from}: ${shown} (expected ${f.codes.join(' or ')}${f.message ? ` '${f.message}'` : ''})`;
}

/**
 * Why `reply` is not the clear error `f` must get, or null when it is: an `error` with one of the codes, a
 * non-empty title and message, and the exact message and title where the frame names them.
 */
export function problemWith(f: FuzzFrame, reply: ServerMessage): string | null {
  if (reply.type !== 'error') return `accepted: answered ${JSON.stringify(reply).slice(0, 300)}`;
  if (!f.codes.includes(reply.code)) return `wrong code: ${JSON.stringify(reply)}`;
  if (typeof reply.title !== 'string' || reply.title.trim() === '') return `no title: ${JSON.stringify(reply)}`;
  if (typeof reply.message !== 'string' || reply.message.trim() === '') return `no message: ${JSON.stringify(reply)}`;
  if (f.message !== undefined && reply.message !== f.message) return `wrong message: ${JSON.stringify(reply)}`;
  if (f.title !== undefined && reply.title !== f.title) return `wrong title: ${JSON.stringify(reply)}`;
  // zod's catch-all says nothing of what is wrong: a refusal names the type, the action or the field
  if (reply.code === 'INVALID_MESSAGE' && /^Invalid input\.?$/.test(reply.message)) return `unclear message: ${JSON.stringify(reply)}`;
  return null;
}

/** One socket of a persona, and how many of its messages have been accounted for. */
export class Lane {
  private consumed: number;

  constructor(
    readonly persona: Persona,
    readonly socket: TestSocket,
  ) {
    this.consumed = socket.received.length;
  }

  /** Accounts for everything received so far (the views of the moves that drove the game on). */
  settle(): void {
    this.consumed = this.socket.received.length;
  }

  /** Messages received and not accounted for (none may arrive unasked). */
  unexpected(): ServerMessage[] {
    return this.socket.received.slice(this.consumed);
  }

  /**
   * Sends one frame and returns its answer.
   * @throws when a message arrived unasked before it, when the socket closed, or after {@link ANSWER_TIMEOUT_MS}
   */
  async exchange(f: FuzzFrame): Promise<ServerMessage> {
    const stray = this.unexpected();
    if (stray.length > 0) throw new Error(`${this.persona}: unasked message ${JSON.stringify(stray[0]).slice(0, 300)} before the ${describeFrame(f)}`);
    if (typeof f.raw === 'string') this.socket.ws.send(f.raw);
    else this.socket.ws.send(f.raw, { binary: true });
    const reply = await this.socket.waitFor(() => true, ANSWER_TIMEOUT_MS, this.consumed).catch((err: Error) => {
      throw new Error(`${this.persona}: no answer (${err.message}) to the ${describeFrame(f)}`);
    });
    this.consumed++;
    return reply;
  }
}

/**
 * Sends a batch: each persona's frames shared round-robin among its lanes, each lane one frame at a time,
 * the lanes in parallel. Counts each frame in `tally` by kind.
 * @throws the first frame that did not get its clear error (every lane finishes its frames first)
 */
export async function exchangeAll(lanes: ReadonlyMap<Persona, Lane[]>, frames: readonly FuzzFrame[], tally: FuzzTally): Promise<void> {
  const queues = new Map<Lane, FuzzFrame[]>();
  const next = new Map<Persona, number>();
  for (const f of frames) {
    const own = lanes.get(f.from);
    if (!own?.length) throw new Error(`no lane for ${f.from}`);
    const i = next.get(f.from) ?? 0;
    next.set(f.from, i + 1);
    const lane = own[i % own.length]!;
    queues.set(lane, [...(queues.get(lane) ?? []), f]);
  }
  const problems: string[] = [];
  await Promise.all(
    [...queues].map(async ([lane, queue]) => {
      for (const f of queue) {
        tally.add(f.kind);
        try {
          const problem = problemWith(f, await lane.exchange(f));
          if (problem) problems.push(`${problem}\n  for the ${describeFrame(f)}`);
        } catch (err) {
          problems.push((err as Error).message);
          return; // this lane's answers can no longer be told apart
        }
      }
    }),
  );
  if (problems.length > 0) throw new Error(`${problems.length} frame(s) without their clear error; first: ${problems[0]}`);
}
