import { lazy, Suspense, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { LoginOutlined, PlusOutlined, ReloadOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '@nightfall/protocol';
import { useMe } from '../../hooks/useMe';
import { t } from '../../i18n/t';
import { userLabel } from '../../lib/format';
import { loadSession } from '../../lib/storage';
import { useActiveTheme } from '../../theme/activeTheme';
import { HostPassBanner } from '../account/HostPassBanner';
import { timeOf } from '../account/hostAccess';
import { PurchaseOptions } from '../purchase/PurchaseOptions';
import { AccountButton } from './AccountButton';
import { LanguageSelect } from '../../components/LanguageSelect';
import { FeatureCards } from './FeatureCards';
import { useCreateGame } from './useCreateGame';
import '../account/account.css';

// The join form (antd Form and Input) and the Account Information card are loaded when they are opened, and the
// screen's cards and texts are plain elements styled like antd's (styles.css "Home": antd's Card brings Tabs
// and Typography brings Input and Tooltip), so the home route stays under 250 KB of compressed JavaScript
// (issue 12 scope 4; scripts/bench/README.md "Home route size").
const JoinForm = lazy(() => import('./JoinForm').then((m) => ({ default: m.JoinForm })));
const AccountInfoCard = lazy(() => import('../account/AccountInfoCard').then((m) => ({ default: m.AccountInfoCard })));

/** End (epoch ms) of the non-permanent pass that gives `me` host rights, else null (no countdown banner). */
function passEnd(me: MeResponse | null): number | null {
  const e = me?.hasHostRights ? me.hostEntitlement : null;
  if (!e || e.tier === 'permanent') return null;
  return timeOf(e.expiresAt);
}

/**
 * Home screen (spec 001 section 2): title, account button (profile modal, Account Information card), the
 * main actions of the three account states, the join form and the feature cards.
 */
export default function HomePage() {
  const { me, signedIn, isLoading, error, retry } = useMe();
  const navigate = useNavigate();
  const { theme, homeBackground, settled } = useActiveTheme();
  const [joining, setJoining] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const { create, busy } = useCreateGame();
  const [session] = useState(() => loadSession());
  const name = signedIn && me ? userLabel(me) : null;
  const isHost = signedIn && !!me?.hasHostRights;
  const passEndsAt = isHost ? passEnd(me) : null;

  const joinButton = (
    <Button size="large" block icon={<TeamOutlined />} onClick={() => setJoining(true)} data-testid="home-join-game">
      {t('home.join_game')}
    </Button>
  );

  let actions;
  if (isLoading) {
    actions = <Skeleton active title={false} paragraph={{ rows: 2 }} data-testid="home-actions-loading" />;
  } else if (error) {
    // /api/me failed (e.g. 503): say so with the server's title and message; it does not mean "signed out".
    actions = (
      <div className="nf-actions" data-testid="home-actions" data-state="error">
        <div className="nf-stack-sm" role="alert" data-testid="home-error" data-code={error.code}>
          <strong className="nf-text-danger">{error.title}</strong>
          <span className="nf-text-secondary">{error.message}</span>
        </div>
        <Button size="large" block icon={<ReloadOutlined />} onClick={retry} data-testid="home-retry">
          {t('home.try_again')}
        </Button>
        {joinButton}
      </div>
    );
  } else if (!signedIn) {
    actions = (
      <div className="nf-actions" data-testid="home-actions" data-state="signed-out">
        <Button type="primary" size="large" block icon={<LoginOutlined />} onClick={() => navigate('/auth')} data-testid="home-sign-in">
          {t('home.sign_in_to_create')}
        </Button>
        {joinButton}
      </div>
    );
  } else if (!isHost) {
    actions = (
      <div className="nf-actions" data-testid="home-actions" data-state="no-host">
        <PurchaseOptions />
        {joinButton}
      </div>
    );
  } else {
    actions = (
      <div className="nf-actions" data-testid="home-actions" data-state="host">
        {passEndsAt !== null ? <HostPassBanner expiresAt={passEndsAt} /> : null}
        <Button type="primary" size="large" block icon={<PlusOutlined />} loading={busy} disabled={busy} onClick={() => void create()} data-testid="home-create-game">
          {t('home.create_game')}
        </Button>
        {joinButton}
      </div>
    );
  }

  return (
    <main
      className={homeBackground ? 'nf-page nf-home-themed' : 'nf-page'}
      style={homeBackground ? { ['--nf-home-bg' as string]: `url("${homeBackground}")` } : undefined}
      data-testid="home-page"
      data-theme-id={theme.id}
    >
      <div className="nf-between">
        <LanguageSelect />
        <AccountButton
          me={me}
          signedIn={signedIn}
          loading={isLoading}
          open={profileOpen}
          onOpenChange={setProfileOpen}
          onShowInfo={() => setInfoOpen(true)}
        />
      </div>
      <header className="nf-hero" style={settled ? undefined : { visibility: 'hidden' }} aria-busy={!settled}>
        <h1 className="nf-hero-title" data-testid="home-title">
          {theme.text.homeTitle}
        </h1>
        <p className="nf-hero-subtitle nf-text-secondary" data-testid="home-subtitle">
          {theme.text.homeSubtitle}
        </p>
      </header>

      {infoOpen ? (
        <Suspense fallback={null}>
          <AccountInfoCard me={signedIn ? me : null} onClose={() => setInfoOpen(false)} />
        </Suspense>
      ) : null}

      {session && !joining ? (
        <section className="nf-card nf-card-small" data-testid="rejoin-card">
          <div className="nf-between">
            <span className="nf-muted">{session.displayName ? t('home.rejoin.text_as', { name: session.displayName }) : t('home.rejoin.text')}</span>
            <Button type="primary" ghost onClick={() => navigate(`/game/${session.gameId}`)} data-testid="rejoin-game">
              {t('home.rejoin.button')}
            </Button>
          </div>
        </section>
      ) : null}

      <section className="nf-card">
        {joining ? (
          <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} data-testid="join-form-loading" />}>
            <JoinForm signedInName={name} onBack={() => setJoining(false)} />
          </Suspense>
        ) : (
          actions
        )}
      </section>

      <FeatureCards />
    </main>
  );
}
