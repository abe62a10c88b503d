import { Card } from 'antd';
import { GENERIC_THEME } from '@nightfall/themes';
import type { NightLogEntry, PublicPlayer, RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { truncate } from '../../../lib/format';
import { useRoleSource, useRuleText } from '../../../components/RolesContext';
import { actionTargets } from '../../../i18n/rules';
import { t } from '../../../i18n/t';
import { localTheme } from '../../../i18n/locale';
import { roleDisplay, type RoleSource } from '../../../lib/roles';

/**
 * True for a log entry of a role that has no night action (it only "submitted" no_action). A custom role
 * with a night order above 0 is listed at its order (docs/rules.md "Custom roles").
 */
const isQuiet = (source: RoleSource, e: NightLogEntry) => e.action.type === 'no_action' && !roleDisplay(source, e.role).hasNightAction;

/**
 * Night actions (titled with the theme's `text.nightActions`) ordered by role (night order; the engine's
 * resolution sequence within an order), with a description per action kind (the engine's `kind` worded by
 * the catalogue and the theme's verbs), the targets and the result (the engine's lines worded through the
 * theme) cut to 100 characters; then the roles with no night action.
 */
export function NightLog({ entries, players }: { entries: NightLogEntry[]; players: PublicPlayer[] }) {
  const source = useRoleSource();
  const text = useRuleText();
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  const acting = entries
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => !isQuiet(source, e))
    .sort((a, b) => (a.e.order || 99) - (b.e.order || 99) || a.i - b.i)
    .map(({ e }) => e);
  const quietRoles = [...new Set<RoleId>([
    ...entries.filter((e) => isQuiet(source, e)).map((e) => e.role),
    // Players missing from the log whose dealt role has no night action.
    ...players
      .filter((p) => p.originalRole && !entries.some((e) => e.userId === p.userId) && !roleDisplay(source, p.originalRole).hasNightAction)
      .map((p) => p.originalRole as RoleId),
  ])];
  return (
    <Card size="small" title={text.theme.text?.nightActions?.trim() || localTheme(GENERIC_THEME).text.nightActions} data-testid="night-log">
      <div className="nf-stack-sm">
        {acting.length === 0 ? <span className="nf-muted">{t('results.log.empty')}</span> : null}
        <ol className="nf-rows">
          {acting.map((e, i) => {
            const dealt = players.find((p) => p.userId === e.userId)?.originalRole;
            const copied = e.isCopy || (dealt && dealt !== e.role) ? (dealt ?? 'Role Copier') : null;
            const targets = actionTargets(e.action, nameOf);
            const result = text.result(e.result);
            return (
              <li key={`${e.userId}-${i}`} className="nf-row nf-log-row" data-testid="night-log-entry" data-action={e.action.type} data-role={e.role}>
                <RoleImage role={e.role} size={36} />
                <div className="nf-stack-sm" style={{ gap: 2, minWidth: 0, flex: 1 }}>
                  <div className="nf-row-wrap" style={{ gap: 6 }}>
                    {e.order > 0 ? <span className="nf-count nf-small">#{e.order}</span> : null}
                    <RoleTag role={e.role} />
                    <strong>{e.displayName}</strong>
                    {copied ? <span className="nf-muted nf-small">{t('results.log.copy_by', { role: roleDisplay(source, copied).title })}</span> : null}
                  </div>
                  <span data-testid="night-log-description">
                    {text.actionKind(e.kind ?? e.action.type)}
                    {targets ? <span className="nf-muted">: {targets}</span> : null}
                  </span>
                  <span className="nf-muted nf-small" data-testid="night-log-result" title={result}>
                    {truncate(result, 100)}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
        {quietRoles.length > 0 ? (
          <div className="nf-row-wrap" data-testid="no-night-action-roles">
            <span className="nf-muted nf-small">{t('results.log.quiet')}</span>
            {quietRoles.map((r) => (
              <span key={r} className="nf-row-wrap" style={{ gap: 4 }} data-testid="no-night-action-role" data-role={r}>
                <RoleImage role={r} size={22} />
                <RoleTag role={r} />
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
