import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { toggleRole, type RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { RoleInfoModal } from '../../components/RoleInfoModal';
import { useRoleSource } from '../../components/RolesContext';
import { groupColor, groupTitle } from '../../components/roleStyle';
import { t } from '../../i18n/t';
import { countRoles, groupRoles, selectableRoleIds } from '../../lib/roles';
import { readableOn } from '../../lib/contrast';

/**
 * Role selection grouped by team with per-role counts: the catalogue's roles and the game's custom roles
 * (villager with the good team, werewolf with the bad team, any other label in a group of its own; docs/rules.md
 * "Custom roles"). The host toggles roles with the rules engine's `toggleRole` (a click adds one copy up to
 * the cap, at the cap removes all); everyone else sees the selected roles read-only. `toolbar` (the host's
 * quick setup) is shown above the groups.
 */
export function RoleSelection({
  selected,
  requiredCount,
  isHost,
  connected,
  onChange,
  toolbar,
}: {
  selected: RoleId[];
  requiredCount: number;
  isHost: boolean;
  connected: boolean;
  onChange: (roles: RoleId[]) => void;
  toolbar?: ReactNode;
}) {
  const source = useRoleSource();
  const [info, setInfo] = useState<RoleId | null>(null);
  const counts = useMemo(() => countRoles(selected), [selected]);
  const groups = useMemo(() => groupRoles(source, isHost ? selectableRoleIds(source) : [...counts.keys()]), [source, isHost, counts]);

  const ok = selected.length === requiredCount;
  return (
    <Card
      size="small"
      title={isHost ? t('lobby.roles.select') : t('lobby.roles.in_game')}
      extra={
        <span className={ok ? 'nf-ok' : 'nf-wait'} data-testid="role-count">
          {t('lobby.roles.count', { selected: selected.length, required: requiredCount })}
        </span>
      }
    >
      <div className="nf-stack">
        {toolbar}
        {groups.map(({ key, group, roles }) => {
          const color = groupColor(group, source.theme);
          const title = groupTitle(group, source.theme);
          return (
            <section key={key} className="nf-stack-sm" aria-label={title} data-testid={`role-group-${key}`}>
              <div className="nf-team-heading" style={{ color: readableOn(color) }}>
                {title}
              </div>
              <div className="nf-role-grid">
                {roles.map((d) => {
                  const id = d.id as RoleId;
                  const count = counts.get(id) ?? 0;
                  return (
                    <div key={id} className="nf-role-option" data-custom={d.custom || undefined}>
                      {isHost ? (
                        <button
                          type="button"
                          className="nf-option"
                          aria-pressed={count > 0}
                          disabled={!connected}
                          onClick={() => onChange(toggleRole(selected, id))}
                          data-testid={`role-toggle-${id}`}
                          data-count={count}
                          style={count > 0 ? { borderColor: color, background: `${color}22` } : undefined}
                        >
                          <RoleImage role={id} size={32} />
                          <span className="nf-option-label">{d.title}</span>
                          <span className="nf-role-count" style={{ background: count > 0 ? color : 'rgba(255,255,255,0.08)', color: count > 0 ? '#0b0f1a' : undefined }}>
                            {count}
                          </span>
                        </button>
                      ) : (
                        <div className="nf-option" style={{ borderColor: `${color}88`, cursor: 'default' }} data-testid={`role-selected-${id}`} data-count={count}>
                          <RoleImage role={id} size={32} />
                          <span className="nf-option-label">{d.title}</span>
                          <span className="nf-role-count" style={{ background: color, color: '#0b0f1a' }}>
                            {count}
                          </span>
                        </div>
                      )}
                      <Button
                        type="text"
                        icon={<InfoCircleOutlined />}
                        aria-label={t('lobby.roles.about', { role: d.title })}
                        onClick={() => setInfo(id)}
                        data-testid={`role-info-${id}`}
                        style={{ height: 'auto', minWidth: 36 }}
                      />
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
        {groups.length === 0 ? <span className="nf-muted">{t('lobby.roles.none')}</span> : null}
      </div>
      <RoleInfoModal role={info} onClose={() => setInfo(null)} />
    </Card>
  );
}
