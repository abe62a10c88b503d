/**
 * appendChat (docs/hot-path.md "Chat lines once"): the web client's chat after a view's `newMessages`.
 */
import { appendChat, CHAT_LINES_KEPT, type ChatMessage } from './index.js';

const line = (n: number): ChatMessage => ({ id: `m${n}`, gameId: 'g', userId: 'u', displayName: 'Ann', content: `line ${n}`, messageType: 'chat', timestamp: n });
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));
const ids = (chat: ChatMessage[]) => chat.map((m) => m.id);

describe('appendChat', () => {
  it('appends new lines in order and never shows a line twice', () => {
    const chat = lines(1, 2);
    expect(ids(appendChat(chat, [line(3)]))).toEqual(['m1', 'm2', 'm3']);
    expect(ids(appendChat(chat, [line(2), line(3)]))).toEqual(['m1', 'm2', 'm3']);
    // nothing new: the same array, so a view without news does not re-render the chat
    expect(appendChat(chat, [line(1)])).toBe(chat);
  });

  it(`keeps the newest ${CHAT_LINES_KEPT} lines, or more when the snapshot brought more`, () => {
    const full = appendChat(lines(1, CHAT_LINES_KEPT), [line(CHAT_LINES_KEPT + 1)]);
    expect(full).toHaveLength(CHAT_LINES_KEPT);
    expect(full[0]!.id).toBe('m2');
    expect(full.at(-1)!.id).toBe(`m${CHAT_LINES_KEPT + 1}`);
    // an engine with SNAPSHOT_MESSAGES 300: the chat keeps its 300 lines
    const long = appendChat(lines(1, 300), [line(301)]);
    expect(long).toHaveLength(300);
    expect(long[0]!.id).toBe('m2');
  });
});
