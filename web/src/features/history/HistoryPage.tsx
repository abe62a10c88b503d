import { Button, Card, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { HistoryEntryDto, HistoryOutcome } from '@nightfall/protocol';
import { RoleTag } from '../../components/RoleTag';
import { useRuleText } from '../../components/RolesContext';
import { ErrorScreen, StatusScreen } from '../../components/StatusScreen';
import { useMe } from '../../hooks/useMe';
import { t, type MessageKey } from '../../i18n/t';
import { serverMessage } from '../../lib/api';
import { STATUS_COLORS } from '../../theme/appTheme';
import { formatFinishedAt, historyApi } from './historyApi';
import './history.css';

const OUTCOME: Record<HistoryOutcome, { key: MessageKey; color: string }> = {
  won: { key: 'history.outcome.won', color: STATUS_COLORS.success },
  lost: { key: 'history.outcome.lost', color: STATUS_COLORS.danger },
  draw: { key: 'history.outcome.draw', color: '#8c8c8c' },
};

/** One finished round: date, room and round, outcome, the user's role and team, the players with their final cards. */
function HistoryEntry({ entry, onOpen }: { entry: HistoryEntryDto; onOpen: () => void }) {
  const text = useRuleText();
  const outcome = OUTCOME[entry.outcome] ?? OUTCOME.draw;
  return (
    <Card size="small" data-testid="history-entry" data-game={entry.gameId} data-round={entry.round} data-outcome={entry.outcome}>
      <div className="nf-history-entry">
        <div className="nf-between">
          <strong data-testid="history-entry-date">{formatFinishedAt(entry.finishedAt)}</strong>
          <Tag color={outcome.color} data-testid="history-entry-outcome" style={{ marginInlineEnd: 0 }}>
            {t(outcome.key)}
          </Tag>
        </div>
        <span className="nf-muted nf-small" data-testid="history-entry-room">
          {t('history.entry.room', { code: entry.roomCode, round: entry.round })}
        </span>
        <div className="nf-row-wrap" style={{ gap: 6 }} data-testid="history-entry-role">
          <span className="nf-muted nf-small">{t('history.entry.role')}</span>
          <RoleTag role={entry.role} />
          {entry.finalRole !== entry.role ? (
            <>
              <span className="nf-muted">→</span>
              <RoleTag role={entry.finalRole} team={entry.team} strong />
            </>
          ) : null}
          <span className="nf-small" style={{ color: text.teamTextColor(entry.team), fontWeight: 600 }} data-testid="history-entry-team">
            {text.teamName(entry.team)}
          </span>
        </div>
        <div className="nf-row-wrap" style={{ gap: 6 }} aria-label={t('history.entry.players')}>
          {entry.players.map((p) => (
            <span key={p.userId} className="nf-row-wrap nf-small" style={{ gap: 4 }} data-testid="history-entry-player">
              <span>{p.displayName}</span>
              <RoleTag role={p.finalRole} team={p.team} />
            </span>
          ))}
        </div>
        <Button block onClick={onOpen} data-testid="history-entry-open">
          {t('history.entry.open')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * /history (docs/architecture.md "History and replay"): the signed-in user's finished rounds, newest first, 20 at a
 * time; each opens its results and night replay at /history/{gameId}/{round}. Guests and signed-out visitors are
 * asked to sign in (the server answers them 401 anyway).
 */
export default function HistoryPage() {
  const { signedIn, isLoading, error } = useMe();
  const navigate = useNavigate();
  const query = useInfiniteQuery({
    queryKey: ['history'],
    queryFn: ({ pageParam, signal }) => historyApi.page(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: signedIn,
    staleTime: 0,
  });

  if (error) return <ErrorScreen error={error} />;
  if (isLoading) return <StatusScreen text={t('game.status.loading')} loading />;
  if (!signedIn) {
    return (
      <StatusScreen text={t('history.sign_in')} homeLink>
        <Button size="large" onClick={() => navigate('/auth')} data-testid="history-sign-in">
          {t('history.sign_in.button')}
        </Button>
      </StatusScreen>
    );
  }
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <main className="nf-page" data-testid="history-page">
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          {t('profile.home')}
        </Button>
      </div>
      <div className="nf-stack">
        <Typography.Title level={1} className="nf-page-title">
          {t('history.title')}
        </Typography.Title>
        {query.isLoading ? <Spin /> : null}
        {query.isError ? <span className="nf-muted" data-testid="history-error">{serverMessage(query.error, t('history.load_error'))}</span> : null}
        {query.isSuccess && entries.length === 0 ? (
          <span className="nf-muted" data-testid="history-empty">
            {t('history.empty')}
          </span>
        ) : null}
        <ul className="nf-rows" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="history-list">
          {entries.map((e) => (
            <li key={`${e.gameId}:${e.round}`} style={{ marginBottom: 10 }}>
              <HistoryEntry entry={e} onOpen={() => navigate(`/history/${e.gameId}/${e.round}`)} />
            </li>
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button block loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="history-more">
            {t('history.load_more')}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
