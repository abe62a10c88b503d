import { Card } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';

/** Self-Checker style check: original vs final card, changed or unchanged, and a converted note. */
export function SelfCheckCard({ original, final, converted }: { original: RoleId; final: RoleId; converted: boolean }) {
  const text = useRuleText();
  const changed = original !== final;
  return (
    <Card size="small" title={t('resolve.check.title')} data-testid="self-check" data-changed={changed}>
      <div className="nf-stack-sm">
        <div className="nf-check-row">
          <div className="nf-check-cell">
            <RoleImage role={original} size={64} />
            <span className="nf-muted nf-small">{t('resolve.check.original')}</span>
            <RoleTag role={original} />
          </div>
          <ArrowRightOutlined className="nf-muted" style={{ fontSize: 20 }} />
          <div className="nf-check-cell">
            <RoleImage role={final} size={64} />
            <span className="nf-muted nf-small">{t('resolve.check.final')}</span>
            <RoleTag role={final} strong />
          </div>
        </div>
        <strong style={{ color: changed ? STATUS_COLORS.warning : STATUS_COLORS.success, textAlign: 'center' }} data-testid="self-check-verdict">
          {changed ? t('resolve.check.changed') : t('resolve.check.unchanged')}
        </strong>
        {converted ? (
          <span className="nf-small" style={{ color: text.teamTextColor('bad'), textAlign: 'center' }} data-testid="self-check-converted">
            {t('resolve.check.converted', { pile: text.pileInSentence() })}
          </span>
        ) : null}
      </div>
    </Card>
  );
}
