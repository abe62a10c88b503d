import { RobotOutlined } from '@ant-design/icons';
import { avatarGradient, initial } from '../lib/format';

/** Round avatar with one of 8 gradients (by first letter), an online dot and a robot icon for bots. */
export function PlayerAvatar({ name, isBot = false, online = true, size = 40 }: { name: string; isBot?: boolean; online?: boolean; size?: number }) {
  return (
    <span className="nf-avatar" style={{ width: size, height: size, background: avatarGradient(name), fontSize: size * 0.42 }} aria-hidden>
      {isBot ? <RobotOutlined /> : initial(name)}
      <span className="nf-avatar-dot" style={{ background: online ? '#22c55e' : '#6b7280' }} />
    </span>
  );
}
