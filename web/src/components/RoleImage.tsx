import '../theme/roles.css';
import { useState } from 'react';
import type { Team } from '@nightfall/game-rules';
import { useActiveTheme } from '../theme/activeTheme';
import { roleArtUrl } from '../theme/roleArt';
import { useRoleDisplay } from './RolesContext';
import { roleColor } from './roleStyle';
import { TeamIcon } from './TeamIcon';

/**
 * A role's picture, readable from 20 to 120 px: for a catalogue role the active theme pack's picture when it
 * has one (`useActiveTheme().roleImage`), else the original SVG of web/src/assets/roles; for a custom role the image of the game's theme variant (docs/rules.md "Custom roles"), or a
 * badge with the role's initials in its team colour when it has none (or the image fails to load). No
 * role at all: the team icon.
 */
export function RoleImage({ role, size = 64, team }: { role: string | null | undefined; size?: number; team?: Team }) {
  const d = useRoleDisplay(role);
  const packImage = useActiveTheme().roleImage(role);
  const [broken, setBroken] = useState<string | null>(null);
  const radius = size * 0.22;
  if (!d.custom) {
    const url = packImage && broken !== packImage ? packImage : roleArtUrl(role);
    if (!url) return <TeamIcon team={team ?? d.team} size={size} />;
    return (
      <img
        className={packImage && url === packImage ? 'nf-role-image nf-role-image-pack' : 'nf-role-image'}
        src={url}
        onError={packImage && url === packImage ? () => setBroken(packImage) : undefined}
        width={size}
        height={size}
        alt={d.title}
        draggable={false}
        style={{ width: size, height: size, borderRadius: radius }}
        data-testid="role-image"
        data-role={role ?? undefined}
      />
    );
  }
  if (d.imageUrl && broken !== d.imageUrl) {
    const src = d.imageUrl;
    return (
      <img
        className="nf-role-image nf-role-image-custom"
        src={src}
        width={size}
        height={size}
        alt={d.title}
        draggable={false}
        referrerPolicy="no-referrer"
        loading="lazy"
        onError={() => setBroken(src)}
        style={{ width: size, height: size, borderRadius: radius, borderColor: roleColor(d) }}
        data-testid="role-image"
        data-role={role ?? undefined}
      />
    );
  }
  const color = roleColor(d);
  return (
    <span
      className="nf-role-badge"
      role="img"
      aria-label={d.title}
      style={{
        width: size,
        height: size,
        borderRadius: radius,
        color,
        borderColor: color,
        borderWidth: Math.max(1.5, size / 28),
        background: `radial-gradient(circle at 30% 25%, ${color}55, ${color}1c 70%)`,
        fontSize: size * (d.initials.length > 1 ? 0.36 : 0.46),
      }}
      data-testid="role-image"
      data-role={role ?? undefined}
      data-placeholder="true"
    >
      {d.initials}
    </span>
  );
}
