import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { LoginOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useMe } from '../../hooks/useMe';
import { userLabel } from '../../lib/format';
import { loadSession } from '../../lib/storage';
import { GENERIC_THEME } from '../../theme/appTheme';
import { AccountButton } from './AccountButton';
import { FeatureCards } from './FeatureCards';
import { JoinForm } from './JoinForm';
import { useCreateGame } from './useCreateGame';

/** Home screen (spec 001 section 2): title, account button, create/join actions, join form, feature cards. */
export default function HomePage() {
  const { me, signedIn } = useMe();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const { create, busy } = useCreateGame();
  const [session] = useState(() => loadSession());
  const name = signedIn && me ? userLabel(me) : null;

  return (
    <main className="nf-page" data-testid="home-page">
      <div className="nf-between" style={{ justifyContent: 'flex-end' }}>
        <AccountButton me={me} signedIn={signedIn} />
      </div>
      <header className="nf-hero">
        <h1 className="nf-hero-title">{GENERIC_THEME.homeTitle}</h1>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16, margin: '8px auto 0', maxWidth: 420 }}>
          {GENERIC_THEME.homeSubtitle}
        </Typography.Paragraph>
      </header>

      {session && !joining ? (
        <Card size="small" data-testid="rejoin-card">
          <div className="nf-between">
            <span className="nf-muted">You were in a game{session.displayName ? ` as ${session.displayName}` : ''}.</span>
            <Button type="primary" ghost onClick={() => navigate(`/game/${session.gameId}`)} data-testid="rejoin-game">
              Rejoin
            </Button>
          </div>
        </Card>
      ) : null}

      <Card>
        {joining ? (
          <JoinForm signedInName={name} onBack={() => setJoining(false)} />
        ) : (
          <div className="nf-actions">
            {!signedIn ? (
              <Button type="primary" size="large" block icon={<LoginOutlined />} onClick={() => navigate('/auth')} data-testid="home-sign-in">
                Sign In to Create Game
              </Button>
            ) : me?.hasHostRights ? (
              <Button type="primary" size="large" block icon={<PlusOutlined />} loading={busy} disabled={busy} onClick={() => void create()} data-testid="home-create-game">
                Create Game
              </Button>
            ) : null}
            <Button size="large" block icon={<TeamOutlined />} onClick={() => setJoining(true)} data-testid="home-join-game">
              Join Game
            </Button>
            {signedIn && !me?.hasHostRights ? (
              <Typography.Text type="secondary" className="nf-small" style={{ textAlign: 'center' }} data-testid="host-locked-note">
                Hosting is locked for your account. Ask a host for a room code to join a game.
              </Typography.Text>
            ) : null}
          </div>
        )}
      </Card>

      <FeatureCards />
    </main>
  );
}
