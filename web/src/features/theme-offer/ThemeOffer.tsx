import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { GameView } from '@nightfall/game-rules';
import { GENERIC_THEME_ID, megabytes } from '@nightfall/themes';
import { useMe } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { serverMessage } from '../../lib/api';
import type { GameAction } from '../../lib/realtime';
import { useActiveTheme } from '../../theme/activeTheme';
import { themeApi } from '../../theme/themeApi';
import { ensurePackInstalled, useThemeActions } from '../../theme/themeSelection';
import { offerAnswer, rememberOfferAnswer, sessionOfferStorage } from './offerState';

/**
 * The host's side of the theme offer (spec 000 section 2: "When the phase turns to role_deal, the host
 * shares its stored theme pack with all players if there is one"; docs/themes.md "In a game"): once per
 * round, when the host's active theme is a pack the theme service stores, `share_theme` names it.
 */
function useShareAsHost(view: GameView, send: (a: GameAction) => boolean): void {
  const { theme } = useActiveTheme();
  const sentFor = useRef<string | null>(null);
  const isHost = view.me?.isHost === true;
  const { phase, round, themeOffered, id: gameId } = view.game;
  useEffect(() => {
    if (!isHost || phase !== 'role_deal' || themeOffered || theme.id === GENERIC_THEME_ID) return;
    const key = `${gameId}:${round}:${theme.id}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    void (async () => {
      const { getPackMetadata } = await import('../themes/store');
      const meta = await getPackMetadata(theme.id).catch(() => null);
      if (meta?.server) send({ action: 'share_theme', data: { themePack: { id: meta.server.storedThemeId } } });
    })();
  }, [isHost, phase, themeOffered, theme.id, gameId, round, send]);
}

/**
 * The theme offer in a game: shares the host's pack at role_deal, and asks every other player
 * "Download Host's Theme?" (host, theme name, description, size in MB) while the offer stands and they
 * have not answered it this round. Downloading installs the pack (checked against its SHA-256) and makes
 * it the active theme; declining keeps the current one.
 */
export function ThemeOffer({ view, send }: { view: GameView; send: (a: GameAction) => boolean }) {
  useShareAsHost(view, send);
  const toast = useToast();
  const { theme } = useActiveTheme();
  const { activate } = useThemeActions();
  const [busy, setBusy] = useState(false);
  const [, setAnswered] = useState(0);
  const offer = view.game.sharedTheme;
  const meId = view.me?.userId ?? null;
  const round = view.game.round;
  const storage = sessionOfferStorage();
  const open =
    !!offer &&
    view.game.themeOffered &&
    meId !== null &&
    meId !== offer.hostId &&
    theme.id !== offer.themeId &&
    offerAnswer(storage, view.game.id, round, offer.sha256) === null;
  if (!offer || !open) return null;
  const hostName = view.players.find((p) => p.userId === offer.hostId)?.displayName ?? t('theme_offer.host_fallback');

  const answer = (a: 'accepted' | 'declined') => {
    rememberOfferAnswer(storage, view.game.id, round, offer.sha256, a);
    setAnswered((n) => n + 1);
  };
  const decline = () => {
    answer('declined');
    toast.success(t('theme_offer.declined.title'), t('theme_offer.declined'));
  };
  const accept = async () => {
    setBusy(true);
    try {
      const id = await ensurePackInstalled({ themeId: offer.themeId, sha256: offer.sha256, sizeBytes: offer.sizeBytes, storedThemeId: offer.storedThemeId });
      await activate(id);
      answer('accepted');
      toast.success(t('theme_offer.downloaded.title'), t('theme_offer.downloaded', { name: offer.name }));
    } catch (err) {
      toast.error(t('theme_offer.download_failed.title'), err instanceof Error && err.message ? serverMessage(err, err.message) : t('theme_offer.download_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      centered
      title={t('theme_offer.title')}
      closable={false}
      maskClosable={false}
      onCancel={decline}
      footer={[
        <Button key="no" onClick={decline} disabled={busy} data-testid="theme-offer-decline">
          {t('theme_offer.decline')}
        </Button>,
        <Button key="yes" type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void accept()} data-testid="theme-offer-accept">
          {t('theme_offer.accept')}
        </Button>,
      ]}
    >
      <div className="nf-stack-sm" data-testid="theme-offer">
        <Typography.Text>{t('theme_offer.intro', { host: hostName })}</Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="theme-offer-name">
          {offer.name}
        </Typography.Title>
        {offer.description ? <Typography.Text type="secondary">{offer.description}</Typography.Text> : null}
        <Typography.Text type="secondary" data-testid="theme-offer-size">
          {t('theme_offer.size', { mb: megabytes(offer.sizeBytes) })}
        </Typography.Text>
      </div>
    </Modal>
  );
}

/**
 * Save This Theme (spec 000 section 2: signed-in non-host players): copies the game's theme (the host's
 * stored pack) into the account and makes it the account's preferred theme ('Theme Saved').
 */
export function SaveThisTheme({ view }: { view: GameView }) {
  const { signedIn } = useMe();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [savedSha, setSavedSha] = useState<string | null>(null);
  const shared = view.game.sharedTheme;
  if (!signedIn || !shared || view.me?.isHost || savedSha === shared.sha256) return null;
  const save = async () => {
    setBusy(true);
    try {
      const res = await themeApi.setMyPreference(shared.storedThemeId);
      setSavedSha(shared.sha256);
      toast.success(t('theme_offer.saved.title'), res.themeCopied ? t('theme_offer.saved.copied') : t('theme_offer.saved.own'));
    } catch (err) {
      toast.error(t('theme_offer.save_failed.title'), serverMessage(err, t('theme_offer.save_failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block icon={<SaveOutlined />} loading={busy} onClick={() => void save()} data-testid="save-this-theme">
      {t('theme_offer.save', { name: shared.name })}
    </Button>
  );
}
