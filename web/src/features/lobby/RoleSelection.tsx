import { useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { toggleRole, type RoleDefinition, type RoleName } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { RoleInfoModal } from '../../components/RoleInfoModal';
import { countRoles, roleDef, roleLabel, selectableRoles, TEAM_ORDER } from '../../lib/roles';
import { TEAM_COLORS, TEAM_LABELS } from '../../theme/appTheme';

/**
 * Role selection grouped by team with per-role counts. The host toggles roles with the rules engine's
 * `toggleRole` (a click adds one copy up to the cap, at the cap removes all); everyone else sees the
 * selected roles read-only.
 */
export function RoleSelection({
  selected,
  requiredCount,
  isHost,
  connected,
  onChange,
}: {
  selected: RoleName[];
  requiredCount: number;
  isHost: boolean;
  connected: boolean;
  onChange: (roles: RoleName[]) => void;
}) {
  const [info, setInfo] = useState<RoleName | null>(null);
  const counts = useMemo(() => countRoles(selected), [selected]);
  const options = useMemo<RoleDefinition[]>(() => {
    if (isHost) return selectableRoles();
    return [...counts.keys()].map((name) => roleDef(name) ?? ({ name, team: 'good', displayName: name } as RoleDefinition));
  }, [isHost, counts]);

  const ok = selected.length === requiredCount;
  return (
    <Card
      size="small"
      title={isHost ? 'Select Roles' : 'Roles in Game'}
      extra={
        <span className={ok ? 'nf-ok' : 'nf-wait'} data-testid="role-count">
          {selected.length} / {requiredCount}
        </span>
      }
    >
      <div className="nf-stack">
        {TEAM_ORDER.map((team) => {
          const roles = options.filter((def) => def.team === team);
          if (roles.length === 0) return null;
          return (
            <section key={team} className="nf-stack-sm" aria-label={TEAM_LABELS[team]}>
              <div className="nf-team-heading" style={{ color: TEAM_COLORS[team] }}>
                {TEAM_LABELS[team]}
              </div>
              <div className="nf-role-grid">
                {roles.map((def) => {
                  const count = counts.get(def.name) ?? 0;
                  const color = TEAM_COLORS[team];
                  return (
                    <div key={def.name} className="nf-role-option">
                      {isHost ? (
                        <button
                          type="button"
                          className="nf-option"
                          aria-pressed={count > 0}
                          disabled={!connected}
                          onClick={() => onChange(toggleRole(selected, def.name))}
                          data-testid={`role-toggle-${def.name}`}
                          data-count={count}
                          style={count > 0 ? { borderColor: color, background: `${color}22` } : undefined}
                        >
                          <RoleImage role={def.name} size={32} />
                          <span className="nf-option-label">{roleLabel(def.name)}</span>
                          <span className="nf-role-count" style={{ background: count > 0 ? color : 'rgba(255,255,255,0.08)', color: count > 0 ? '#0b0f1a' : undefined }}>
                            {count}
                          </span>
                        </button>
                      ) : (
                        <div className="nf-option" style={{ borderColor: `${color}88`, cursor: 'default' }} data-testid={`role-selected-${def.name}`} data-count={count}>
                          <RoleImage role={def.name} size={32} />
                          <span className="nf-option-label">{roleLabel(def.name)}</span>
                          <span className="nf-role-count" style={{ background: color, color: '#0b0f1a' }}>
                            {count}
                          </span>
                        </div>
                      )}
                      <Button
                        type="text"
                        icon={<InfoCircleOutlined />}
                        aria-label={`About ${roleLabel(def.name)}`}
                        onClick={() => setInfo(def.name)}
                        data-testid={`role-info-${def.name}`}
                        style={{ height: 'auto', minWidth: 36 }}
                      />
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
        {options.length === 0 ? <span className="nf-muted">No roles selected yet.</span> : null}
      </div>
      <RoleInfoModal role={info} onClose={() => setInfo(null)} />
    </Card>
  );
}
