import '../theme/roles.css';
import type { Team } from '@nightfall/game-rules';
import { roleLabel, roleTeam } from '../lib/roles';
import { roleArtUrl } from '../theme/roleArt';
import { TeamIcon } from './TeamIcon';

/**
 * A role's picture (original SVG of web/src/assets/roles), readable from 20 to 120 px. Roles without a
 * picture (custom roles) fall back to the team icon.
 */
export function RoleImage({ role, size = 64, team }: { role: string | null | undefined; size?: number; team?: Team }) {
  const url = roleArtUrl(role);
  if (!url) return <TeamIcon team={team ?? roleTeam(role)} size={size} />;
  return (
    <img
      className="nf-role-image"
      src={url}
      width={size}
      height={size}
      alt={roleLabel(role)}
      draggable={false}
      style={{ width: size, height: size, borderRadius: size * 0.22 }}
      data-testid="role-image"
      data-role={role ?? undefined}
    />
  );
}
