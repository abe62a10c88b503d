import { AudioMutedOutlined, FireOutlined, GiftOutlined, SafetyCertificateOutlined, StopOutlined, ToolOutlined } from '@ant-design/icons';
import { useRuleText } from '../../components/RolesContext';
import { artifactInfo, type ArtifactKind } from './artifacts';

const ICONS: Record<ArtifactKind, typeof FireOutlined> = {
  claw: FireOutlined,
  brand: SafetyCertificateOutlined,
  cudgel: ToolOutlined,
  void: StopOutlined,
  mask: AudioMutedOutlined,
  unknown: GiftOutlined,
};

/** An artifact's icon on a disc in the colour of the team it gives in the theme (violet when none). */
export function ArtifactIcon({ id, size = 44 }: { id: string; size?: number }) {
  const info = artifactInfo(id);
  const text = useRuleText();
  const Icon = ICONS[info?.kind ?? 'unknown'];
  const color = info?.team ? text.teamColor(info.team) : '#a78bfa';
  return (
    <span className="nf-team-icon" style={{ width: size, height: size, color, background: `${color}22`, borderColor: `${color}88`, fontSize: size * 0.5 }} aria-hidden>
      <Icon />
    </span>
  );
}

/** Artifact name with its icon, inline (final roles, night results). */
export function ArtifactLabel({ id }: { id: string }) {
  const text = useRuleText();
  return (
    <span className="nf-row-wrap nf-small" style={{ gap: 6 }} data-testid="artifact-label">
      <ArtifactIcon id={id} size={22} />
      <span>{text.artifactName(id)}</span>
    </span>
  );
}
