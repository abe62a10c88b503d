import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { RolesProvider } from '../../components/RolesContext';
import { ErrorScreen, StatusScreen } from '../../components/StatusScreen';
import { t } from '../../i18n/t';
import { ApiRequestError } from '../../lib/api';
import { formatFinishedAt, historyApi } from './historyApi';
import { ResultsSummary } from './ResultsSummary';

/**
 * /history/{gameId}/{round} (docs/architecture.md "History and replay"): a past round's results and night
 * replay, the same view the results screen showed the user. A round the user did not play is the server's
 * 404 'This game is not in your history'; guests and signed-out visitors get its 401.
 */
export default function HistoryReplayPage() {
  const { gameId = '', round: roundParam = '' } = useParams();
  const round = Number(roundParam);
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['history', gameId, round],
    queryFn: ({ signal }) => historyApi.replay(gameId, round, signal),
    enabled: !!gameId && Number.isInteger(round),
  });
  if (query.isError) {
    const body = query.error instanceof ApiRequestError ? query.error.body : null;
    return body ? <ErrorScreen error={body} /> : <StatusScreen text={t('history.load_error')} homeLink />;
  }
  if (!query.data) return <StatusScreen text={t('game.status.loading')} loading />;
  const { entry, view } = query.data;
  return (
    <RolesProvider customRoles={view.game.customRoles} themeId={view.game.themeId}>
      <main className="nf-page" data-testid="history-replay-page">
        <div>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/history')} data-testid="history-back">
            {t('history.back')}
          </Button>
        </div>
        <div className="nf-stack">
          <Typography.Title level={1} className="nf-page-title">
            {t('history.replay_page.title', { code: entry.roomCode, round: entry.round })}
          </Typography.Title>
          <span className="nf-muted">{t('history.replay_page.finished', { date: formatFinishedAt(entry.finishedAt) })}</span>
          <ResultsSummary view={view} />
        </div>
      </main>
    </RolesProvider>
  );
}
