import { Button, Card, QRCode } from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { canShare, inviteLink, isLoopbackHost } from './invite';

/**
 * The lobby's invite (docs/architecture.md "Table experience"): the link `<origin>/join/{code}`, its QR code
 * (antd's QRCode, dark on white so every phone camera reads it), Copy Link (clipboard) and, where the Web
 * Share API exists (phones), Share. On an address only this computer can open (localhost), a line says to open
 * the game through the computer's network address instead.
 */
export function InviteCard({ roomCode }: { roomCode: string }) {
  const toast = useToast();
  const link = inviteLink(window.location.origin, roomCode);
  const shareable = canShare(navigator);

  const copy = () => {
    const done = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => toast.success(t('invite.copied')),
      () => toast.error(t('invite.copy_failed', { link })),
    );
  };
  const share = () => {
    // A cancelled share sheet rejects (AbortError): nothing to say.
    navigator.share?.({ title: t('invite.share.title'), text: t('invite.share.text', { code: roomCode }), url: link }).catch(() => undefined);
  };

  return (
    <Card size="small" title={t('invite.title')} data-testid="invite-card">
      <div className="nf-invite">
        <div className="nf-invite-qr" role="img" aria-label={t('invite.qr')} data-testid="invite-qr">
          {/* the wrapper is the image with its label; antd's canvas (role img, no label) is hidden from assistive tech */}
          <div aria-hidden="true">
            <QRCode value={link} size={128} color="#0b0f1a" bgColor="#ffffff" bordered={false} errorLevel="M" />
          </div>
        </div>
        <div className="nf-stack-sm nf-invite-body">
          <span className="nf-muted nf-small">{t('invite.hint')}</span>
          <span className="nf-invite-link" data-testid="invite-link">
            {link}
          </span>
          <div className="nf-row-wrap">
            <Button icon={<CopyOutlined />} onClick={copy} data-testid="invite-copy">
              {t('invite.copy')}
            </Button>
            {shareable ? (
              <Button icon={<ShareAltOutlined />} onClick={share} data-testid="invite-share">
                {t('invite.share')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {isLoopbackHost(window.location.hostname) ? (
        <p className="nf-invite-note" role="note" data-testid="invite-loopback">
          {t('invite.loopback')}
        </p>
      ) : null}
    </Card>
  );
}
