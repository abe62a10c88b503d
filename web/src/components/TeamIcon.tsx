import { EyeInvisibleOutlined, SafetyCertificateOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { Team } from '@nightfall/game-rules';
import { TEAM_COLORS } from '../theme/appTheme';

/** Placeholder role image: a team icon on a team-coloured disc. */
export function TeamIcon({ team, size = 56 }: { team: Team; size?: number }) {
  const color = TEAM_COLORS[team];
  const Icon = team === 'bad' ? EyeInvisibleOutlined : team === 'good' ? SafetyCertificateOutlined : QuestionCircleOutlined;
  return (
    <span className="nf-team-icon" style={{ width: size, height: size, color, background: `${color}22`, borderColor: `${color}88`, fontSize: size * 0.5 }} aria-hidden>
      <Icon />
    </span>
  );
}
