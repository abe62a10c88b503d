import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { checkChatText } from '@nightfall/game-rules';
import { LIMITS, type ChatMessage } from '@nightfall/protocol';

/** The text a chat message would send (trimmed), or null when the rules engine would reject it. */
function chatTextOrNull(text: string): string | null {
  try {
    return checkChatText(text);
  } catch {
    return null;
  }
}

/** Discussion chat: messages (system ones labelled), and an input trimmed, non-empty, at most 200 characters. */
export function Chat({
  messages,
  meId,
  connected,
  onSend,
  muted = false,
}: {
  messages: ChatMessage[];
  meId: string;
  connected: boolean;
  onSend: (content: string) => boolean;
  /** The viewer holds the Mask of Muting: the server rejects their messages, so the input is disabled. */
  muted?: boolean;
}) {
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  // The rules engine's text check (trimmed, 1-200 characters): null while the text would be rejected.
  const checked = useMemo(() => chatTextOrNull(text), [text]);
  const valid = checked !== null;

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const send = () => {
    if (checked === null || !connected || muted) return;
    if (onSend(checked)) setText('');
  };

  return (
    <div className="nf-stack-sm" data-testid="chat">
      <div className="nf-chat-log" ref={logRef} data-testid="chat-log" aria-live="polite">
        {messages.length === 0 ? (
          <span className="nf-muted nf-center" style={{ padding: 12 }}>
            No messages yet. Start the discussion!
          </span>
        ) : (
          messages.map((m) => {
            const system = m.messageType === 'system';
            return (
              <div key={m.id} className={`nf-chat-msg${system ? ' system' : m.userId === meId ? ' mine' : ''}`} data-testid={system ? 'chat-system-message' : 'chat-message'}>
                <div className="nf-small" style={{ fontWeight: 700, color: system ? '#f59e0b' : undefined }}>
                  {system ? m.label || 'Announcement' : m.displayName}
                </div>
                <div>{m.content}</div>
              </div>
            );
          })
        )}
      </div>
      {muted ? (
        <span className="nf-small" style={{ color: '#a78bfa' }} data-testid="chat-muted">
          You hold the Mask of Muting: you cannot send messages in this discussion.
        </span>
      ) : null}
      <form
        className="nf-chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={LIMITS.chatMaxLength}
          showCount
          placeholder={muted ? 'You are muted' : 'Type a message...'}
          disabled={muted}
          size="large"
          aria-label="Chat message"
          data-testid="chat-input"
        />
        <Button type="primary" htmlType="submit" size="large" icon={<SendOutlined />} disabled={!valid || !connected || muted} aria-label="Send" data-testid="chat-send" />
      </form>
    </div>
  );
}
