import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { checkChatText } from '@nightfall/game-rules';
import { LIMITS, type ChatMessage } from '@nightfall/protocol';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';

/** The text a chat message would send (trimmed), or null when the rules engine would reject it. */
function chatTextOrNull(text: string): string | null {
  try {
    return checkChatText(text);
  } catch {
    return null;
  }
}

/**
 * Discussion chat: messages (system ones labelled, e.g. 'Revealer Announcement', and worded from their
 * announcement code through the theme), and an input trimmed, non-empty, at most 200 characters.
 */
export function Chat({
  messages,
  meId,
  connected,
  onSend,
  muted = false,
  readOnly = false,
}: {
  messages: ChatMessage[];
  meId: string;
  connected: boolean;
  onSend: (content: string) => boolean;
  /** The viewer holds the Mask of Muting: the server rejects their messages, so the input is disabled. */
  muted?: boolean;
  /** A spectator reads the chat but has no input (docs/rules.md "Spectators"). */
  readOnly?: boolean;
}) {
  const [text, setText] = useState('');
  const rules = useRuleText();
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
            {t('chat.empty')}
          </span>
        ) : (
          messages.map((m) => {
            const system = m.messageType === 'system';
            // A system message of the codes (kind + announcement); older ones carry their label and text.
            const label = m.kind ? rules.systemLabel(m.kind) : m.label || rules.systemLabel(undefined);
            const content = m.announcement ? rules.announcement(m.announcement) : m.content;
            return (
              <div key={m.id} className={`nf-chat-msg${system ? ' system' : m.userId === meId ? ' mine' : ''}`} data-testid={system ? 'chat-system-message' : 'chat-message'}>
                <div className="nf-small" style={{ fontWeight: 700, color: system ? STATUS_COLORS.warning : undefined }}>
                  {system ? label : m.displayName}
                </div>
                <div>{content}</div>
              </div>
            );
          })
        )}
      </div>
      {muted ? (
        <span className="nf-small" style={{ color: '#a78bfa' }} data-testid="chat-muted">
          {t('chat.muted', { artifact: rules.artifactName('mask_of_muting') })}
        </span>
      ) : null}
      {readOnly ? null : (
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
          placeholder={muted ? t('chat.placeholder.muted') : t('chat.placeholder')}
          disabled={muted}
          size="large"
          aria-label={t('chat.aria')}
          data-testid="chat-input"
        />
        <Button type="primary" htmlType="submit" size="large" icon={<SendOutlined />} disabled={!valid || !connected || muted} aria-label={t('chat.send')} data-testid="chat-send" />
      </form>
      )}
    </div>
  );
}
