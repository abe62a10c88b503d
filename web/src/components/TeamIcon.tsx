import { EyeInvisibleOutlined, SafetyCertificateOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { Team } from '@nightfall/game-rules';
import { themeTeamColor } from '@nightfall/themes';
import { useActiveTheme } from '../theme/activeTheme';

/** Placeholder role image: a team icon on a disc in the team's colour in the active theme. */
export function TeamIcon({ team, size = 56 }: { team: Team; size?: number }) {
  const color = themeTeamColor(useActiveTheme().theme, team);
  const Icon = team === 'bad' ? EyeInvisibleOutlined : team === 'good' ? SafetyCertificateOutlined : QuestionCircleOutlined;
  return (
    <span className="nf-team-icon" style={{ width: size, height: size, color, background: `${color}22`, borderColor: `${color}88`, fontSize: size * 0.5 }} aria-hidden>
      <Icon />
    </span>
  );
}
