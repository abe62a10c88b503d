import { useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { verifyDeal, type DealVerification, type GameView } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { notedCommitment, sha256Hex } from './dealCommitment';

/**
 * 'Verify deal' (docs/rules.md "Verifiable deal"): recomputes the deal in the browser with the rules
 * library from the revealed seed and checks it against the commitment published at the deal.
 */
export function VerifyDeal({ view }: { view: GameView }) {
  const [result, setResult] = useState<DealVerification | null>(null);
  const { seedCommitment, seed } = view.game;
  if (!seedCommitment || !seed) return null;
  const names = (ids: string[]) => ids.map((id) => view.players.find((p) => p.userId === id)?.displayName ?? id).join(', ');
  return (
    <Card size="small" title={t('results.verify.title')} data-testid="verify-deal">
      <div className="nf-stack-sm">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('results.verify.intro')}
        </Typography.Paragraph>
        <Typography.Text className="nf-hash" data-testid="deal-commitment">
          {t('results.verify.commitment', { hash: seedCommitment })}
        </Typography.Text>
        <Button icon={<SafetyCertificateOutlined />} onClick={() => setResult(verifyDeal(view, sha256Hex, notedCommitment(view)))} data-testid="verify-deal-button">
          {t('results.verify.button')}
        </Button>
        {result ? (
          <Alert
            type={result.ok ? 'success' : 'error'}
            showIcon
            role="status"
            title={result.ok ? t('results.verify.ok') : t('results.verify.failed')}
            description={
              <ul className="nf-plain-list">
                {result.checks.map((c) => (
                  <li key={c.check} data-testid={`verify-check-${c.check}`} data-ok={c.ok}>
                    {(c.ok ? '✓ ' : '✗ ') + t(`results.verify.check.${c.check}`)}
                  </li>
                ))}
                {result.preassigned.length > 0 ? <li data-testid="verify-preassigned">{t('results.verify.preassigned', { names: names(result.preassigned) })}</li> : null}
              </ul>
            }
            data-testid="verify-deal-result"
          />
        ) : null}
      </div>
    </Card>
  );
}
