import { useEffect, useState } from 'react';
import { Card, Select, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import type { GameView } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../components/PlayerAvatar';
import { RoleImage } from '../../components/RoleImage';
import { useRoleSource, useRuleText } from '../../components/RolesContext';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { serverMessage, serverTitle } from '../../lib/api';
import { roleDisplay } from '../../lib/roles';
import { adminRoleChoices, adminRoleValue, isAdminView, RANDOM_ROLE, setPlayerRole } from './adminRole';

/**
 * The super admin's panel (spec 000 section 2: "view and change any player's role, for testing"): every
 * player with the role they will be dealt (lobby: a pre-assignment or 'Random') or were dealt (role_deal:
 * the change swaps cards so the deck stays the selection). Rendered only for an admin view, which the
 * server sends to the super admin alone; the call is refused to anybody else anyway.
 */
export function AdminRolePanel({ view }: { view: GameView }) {
  const source = useRoleSource();
  const toast = useToast();
  const rules = useRuleText();
  const [pending, setPending] = useState<Record<string, string>>({});
  const lobby = view.game.phase === 'lobby';

  // A change on its way is shown until the server's view agrees (or 4 s pass).
  useEffect(() => {
    const done = Object.keys(pending).filter((id) => adminRoleValue(view, id) === pending[id]);
    if (done.length === 0) return;
    setPending((p) => {
      const next = { ...p };
      for (const id of done) delete next[id];
      return next;
    });
  }, [view, pending]);
  useEffect(() => {
    if (Object.keys(pending).length === 0) return;
    const timer = window.setTimeout(() => setPending({}), 4000);
    return () => window.clearTimeout(timer);
  }, [pending]);

  if (!isAdminView(view) || (!lobby && view.game.phase !== 'role_deal')) return null;

  const choices = adminRoleChoices(view.game.selectedRoles);
  const options = [
    ...(lobby ? [{ value: RANDOM_ROLE, label: <span data-testid="admin-role-option-random">{t('lobby.admin_roles.random')}</span>, title: t('lobby.admin_roles.random') }] : []),
    ...choices.map((id) => {
      const d = roleDisplay(source, id);
      return {
        value: id as string,
        title: d.title,
        label: (
          <span className="nf-admin-role-option" data-testid={`admin-role-option-${id}`}>
            <RoleImage role={id} size={20} />
            <span className="nf-option-name">{d.title}</span>
          </span>
        ),
      };
    }),
  ];

  const change = async (playerId: string, newRole: string) => {
    setPending((p) => ({ ...p, [playerId]: newRole }));
    try {
      const res = await setPlayerRole(view.game.id, playerId, newRole);
      const worded = res?.notice ? rules.notice(res.notice) : null;
      toast.success(worded?.title || t('lobby.admin_roles.updated'), worded?.message || undefined);
    } catch (err) {
      setPending((p) => {
        const next = { ...p };
        delete next[playerId];
        return next;
      });
      toast.error(serverTitle(err, t('lobby.admin_roles.failed.title')), serverMessage(err, t('lobby.admin_roles.failed')));
    }
  };

  return (
    <Card
      size="small"
      className="nf-accent-card"
      title={
        <span>
          <CrownOutlined /> {t('lobby.admin_roles.title')}
        </span>
      }
      data-testid="admin-role-panel"
      data-phase={view.game.phase}
    >
      <div className="nf-stack-sm">
        <Typography.Text type="secondary" className="nf-small">
          {lobby ? t('lobby.admin_roles.hint.lobby') : t('lobby.admin_roles.hint.deal')}
        </Typography.Text>
        <ul className="nf-rows">
          {view.players.map((p) => {
            const value = adminRoleValue(view, p.userId, pending[p.userId]);
            return (
              <li key={p.userId} className="nf-row nf-admin-role-row" data-testid={`admin-role-row-${p.userId}`} data-role={value}>
                <PlayerAvatar name={p.displayName} isBot={p.isBot} online={p.online} size={28} />
                <span className="nf-row-name">{p.displayName}</span>
                <Select
                  size="middle"
                  value={value}
                  options={options}
                  onChange={(v: string) => void change(p.userId, v)}
                  loading={pending[p.userId] !== undefined}
                  popupMatchSelectWidth={false}
                  aria-label={t('lobby.admin_roles.select', { name: p.displayName })}
                  className="nf-admin-role-select"
                  data-testid={`admin-role-select-${p.userId}`}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}
