// What a chat line costs to publish (docs/hot-path.md "Chat lines once"): in a lobby of `--seats` humans, `--lines`
// chat lines are posted one after the other, and for each line the engine's real `viewBatch` (built services/game-engine
// dist) encodes the change's views twice: with the line alone (`newMessages`, what a change publishes) and with the whole
// chat so far (`messages`, what a change published before 2026-12-04, and what a republish after a NATS reconnect still
// sends). Prints, per line and for the whole run, the bytes published to NATS (one batch per change), the bytes sent to
// sockets (every viewer's message) and the engine's CPU to build the batch. The view part is the same in both; only the
// chat differs. Usage: node scripts/bench/chat-bytes.mjs [--seats S] [--lines N] [--chars C] [--repeat R]
// (not part of `npm run bench`'s default run; needs `nx run-many -t build` first)
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { applyCommand, createGame, playerView } from '@nightfall/game-rules';

const { values } = parseArgs({ options: { seats: { type: 'string', default: '10' }, lines: { type: 'string', default: '100' }, chars: { type: 'string', default: '80' }, repeat: { type: 'string', default: '100' } } });
const seats = Number(values.seats);
const lines = Number(values.lines);
const chars = Number(values.chars);
const repeat = Number(values.repeat);
if (!(seats >= 1 && seats <= 27 && lines >= 1 && chars >= 1 && chars <= 200 && repeat >= 1)) throw new Error('--seats 1-27, --lines >= 1, --chars 1-200, --repeat >= 1');

const root = resolve(import.meta.dirname, '../..');
const { viewBatch } = await import(pathToFileURL(resolve(root, 'services/game-engine/dist/publishing/game-publisher.service.js')).href);

const now = 1_800_000_000_000;
const ctx = { now, seed: 'ab'.repeat(16), seedCommitment: 'cd'.repeat(32) };
let state = createGame({ id: '00000000-0000-4000-8000-000000000001', roomCode: 'CHAT01', hostId: 'u0', hostDisplayName: 'Player 0', now });
for (let i = 1; i < seats; i++) state = applyCommand(state, { type: 'join', userId: `u${i}`, displayName: `Player ${i}` }, ctx).state;
const viewers = state.players.map((p) => p.userId);
const chat = Array.from({ length: lines }, (_, k) => ({
  id: `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
  gameId: state.id,
  userId: `u${k % seats}`,
  displayName: `Player ${k % seats}`,
  content: 'x'.repeat(chars),
  messageType: 'chat',
  timestamp: now + k * 1000,
}));

/** Bytes and CPU of publishing every line's change with `chatOf(k)` as the views' chat. */
function measure(chatOf) {
  let nats = 0;
  let sockets = 0;
  for (let k = 0; k < lines; k++) {
    const c = chatOf(k);
    nats += viewBatch(state, k + 2, 'game_updated', viewers, c).byteLength;
    // each viewer's socket message, which the batch rebuilds byte for byte (game-publisher.spec.ts)
    const chatField = 'added' in c ? { newMessages: c.added } : { messages: c.whole };
    for (const id of viewers) sockets += Buffer.byteLength(JSON.stringify({ type: 'game_updated', gameId: state.id, version: k + 2, view: playerView(state, id, { admin: false }), ...chatField }));
  }
  const t0 = process.cpuUsage();
  for (let r = 0; r < repeat; r++) for (let k = 0; k < lines; k++) viewBatch(state, k + 2, 'game_updated', viewers, chatOf(k));
  const used = process.cpuUsage(t0);
  return { nats, sockets, cpuMsPerLine: (used.user + used.system) / 1000 / (repeat * lines) };
}

const addedChat = (k) => ({ added: [chat[k]] });
const wholeChat = (k) => ({ whole: chat.slice(0, k + 1) });
// a first pass of each warms the JIT up; the second is the one reported
measure(addedChat);
measure(wholeChat);
const added = measure(addedChat);
const whole = measure(wholeChat);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
console.log(`Chat lines of ${chars} characters posted one after the other in a lobby of ${seats} humans, ${lines} lines:`);
console.log('views carry                        NATS per line   sockets per line   sockets, all lines   engine CPU per line');
for (const [name, r] of [['the new line (newMessages)', added], ['the whole chat (messages)', whole]]) {
  console.log(`${name.padEnd(34)} ${kb(r.nats / lines).padStart(13)}   ${kb(r.sockets / lines).padStart(16)}   ${kb(r.sockets).padStart(18)}   ${r.cpuMsPerLine.toFixed(3).padStart(15)} ms`);
}
console.log(`ratio (whole / new line): NATS ${(whole.nats / added.nats).toFixed(1)}x, sockets ${(whole.sockets / added.sockets).toFixed(1)}x, CPU ${(whole.cpuMsPerLine / added.cpuMsPerLine).toFixed(1)}x`);
