// The bare `ws` fan-out server of `npm run bench -- --baseline` (run as a child process by baseline.mjs):
// no framework, no database, no broker. A client connects to ws://127.0.0.1:<port>/?room=<id>; every
// message it sends (a small JSON action) is parsed, bumps the room's version and is answered with one
// message of `viewBytes` bytes (`{"type":"game_updated","version":N,"view":{"pad":"..."}}`, serialised once
// per action) sent to every socket of the room, the sender included: the floor of what a realtime game
// server must do per action. The action's `c` and `s` (the sender's id and sequence number) come back as `by` and
// `seq` so the sender knows its own echo. Usage: node ws-baseline-server.mjs <viewBytes>; it sends {port} over IPC.
import { WebSocketServer } from 'ws';

const viewBytes = Math.max(64, Number(process.argv[2] ?? 2560));
const head = '{"type":"game_updated","version":';
/** One view message of exactly viewBytes bytes (ASCII) for `version`, caused by action `seq` of client `by`. */
function frame(version, by, seq) {
  const start = `${head}${version},"by":${by},"seq":${seq},"view":{"pad":"`;
  const end = '"}}';
  return start + 'x'.repeat(Math.max(0, viewBytes - start.length - end.length)) + end;
}

/** room id -> sockets and version */
const rooms = new Map();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 64 * 1024 });
wss.on('connection', (ws, req) => {
  const id = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('room') ?? '';
  let room = rooms.get(id);
  if (!room) rooms.set(id, (room = { sockets: new Set(), version: 0 }));
  room.sockets.add(ws);
  ws.on('message', (data) => {
    let action;
    try {
      action = JSON.parse(data.toString());
    } catch {
      return;
    }
    room.version++;
    const msg = frame(room.version, Number(action.c) || 0, Number(action.s) || 0);
    for (const s of room.sockets) if (s.readyState === 1) s.send(msg);
  });
  ws.on('close', () => room.sockets.delete(ws));
});
wss.on('listening', () => process.send?.({ port: wss.address().port }));
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
