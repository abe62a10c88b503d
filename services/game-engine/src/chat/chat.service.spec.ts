import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SystemMessage } from '@nightfall/game-rules';
import { uniqueSchema } from '@nightfall/server-kit';
import { useReplica } from '../testing/engine-harness.js';
import { ChatService, systemMessageRow } from './chat.service.js';
import { MessageEntity } from './message.entity.js';

const schema = uniqueSchema('chat');
const now = Date.UTC(2026, 10, 21, 20, 0, 0);

describe('system messages are stored and served as codes (docs/rules.md "Message codes")', () => {
  const r = useReplica(schema, () => now);

  it("gives back the Revealer's announcement as its kind and code, and older rows as they were stored", async () => {
    const host = randomUUID();
    const ref = await r.games.createGame(host, 'Host');
    const chat = r.app.get(ChatService);
    const sm: SystemMessage = {
      messageType: 'system',
      kind: 'revealer_announcement',
      announcement: { code: 'revealer_revealed', params: { player: { userId: host, displayName: 'Host' }, team: 'bad' } },
    };
    // a row written before the codes (an English sentence with its label), and a row as the group commit writes one
    await r.app.get(DataSource).getRepository(MessageEntity).insert(
      [
        { gameId: ref.gameId, userId: null, displayName: 'Revealer Announcement', content: 'Host is on the Bad Team.', messageType: 'system' as const, label: 'Revealer Announcement', timestamp: now - 1 },
        systemMessageRow(ref.gameId, sm, now),
      ].map((x) => ({ ...x, id: randomUUID(), timestamp: new Date(x.timestamp) })),
    );
    // what a replica that takes the game over loads into memory
    const messages = await chat.recent(ref.gameId);
    expect(messages.map(({ id: _id, ...rest }) => rest)).toEqual([
      { gameId: ref.gameId, userId: null, displayName: 'Revealer Announcement', content: 'Host is on the Bad Team.', messageType: 'system' as const, label: 'Revealer Announcement', timestamp: now - 1 },
      { gameId: ref.gameId, userId: null, displayName: 'revealer_announcement', content: '', messageType: 'system', kind: 'revealer_announcement', announcement: sm.announcement, timestamp: now },
    ]);
  });
});
