import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { StatusScreen } from '../../components/StatusScreen';
import { useMe } from '../../hooks/useMe';
import { t } from '../../i18n/t';
import { userLabel } from '../../lib/format';
import { useActiveTheme } from '../../theme/activeTheme';
import { JoinForm, normalizeRoomCode } from '../home/JoinForm';
import { useJoinRoom } from '../home/useJoinRoom';

/**
 * /join/{code}, the lobby's invite link and QR code (docs/architecture.md "Table experience"). A visitor with a
 * session (a signed-in user, or a guest whose session is still live) joins the room at once and lands in the
 * lobby, as the join form would take them; anybody else, or a join that fails (its toast is shown), gets the
 * home page's join form with the room code filled in.
 */
export default function JoinPage() {
  const { code } = useParams();
  const roomCode = normalizeRoomCode(code);
  const navigate = useNavigate();
  const { me, signedIn, isLoading } = useMe();
  const { theme, settled } = useActiveTheme();
  const joinRoom = useJoinRoom();
  const [joining, setJoining] = useState(false);
  const tried = useRef(false);

  useEffect(() => {
    if (isLoading || !me || !roomCode || tried.current) return;
    tried.current = true;
    setJoining(true);
    void joinRoom({ roomCode }).then((ok) => {
      if (!ok) setJoining(false);
    });
  }, [isLoading, me, roomCode, joinRoom]);

  if (isLoading || joining) return <StatusScreen text={t('join.joining', { code: roomCode })} loading />;

  return (
    <main className="nf-page" data-testid="join-page">
      <header className="nf-hero" style={settled ? undefined : { visibility: 'hidden' }} aria-busy={!settled}>
        <h1 className="nf-hero-title">{theme.text.homeTitle}</h1>
        <p className="nf-hero-subtitle nf-text-secondary" data-testid="join-invited">
          {t('join.invited', { code: roomCode })}
        </p>
      </header>
      <section className="nf-card">
        <JoinForm signedInName={signedIn && me ? userLabel(me) : null} onBack={() => navigate('/')} initialCode={roomCode} />
      </section>
    </main>
  );
}
