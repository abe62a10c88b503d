/** Spanish texts of the table experience (see `../en/table.ts`). */
import type { TABLE_EN } from '../en/table';

export const TABLE_ES: Record<keyof typeof TABLE_EN, string> = {
  'invite.title': 'Invitar jugadores',
  'invite.hint': 'Escanea el código o abre el enlace para unirte a esta sala.',
  'invite.qr': 'Código QR del enlace de invitación',
  'invite.copy': 'Copiar enlace',
  'invite.copied': 'Enlace copiado',
  'invite.copy_failed': 'No se pudo copiar el enlace: {link}',
  'invite.loopback': 'Esta dirección solo funciona en este ordenador: para invitar a móviles, abre el juego en su dirección de red (por ejemplo http://192.168.1.10:8080).',
  'invite.share': 'Compartir',
  'invite.share.title': 'Nightfall',
  'invite.share.text': 'Únete a mi partida de Nightfall: sala {code}',
  'join.invited': 'Te han invitado a la sala {code}',
  'join.joining': 'Entrando en la sala {code}...',
  'suggest.button': 'Sugerir roles',
  'suggest.need_exactly': 'Se necesitan exactamente {n} roles para {m} jugadores',
  'suggest.auto': 'Sugeridos para {players} jugadores; se ajustan cuando entran o salen jugadores.',
  'app.name': 'Nightfall',
  'app.description': 'Un juego de deducción social para 3 a 10 jugadores. Descubre a los enemigos ocultos entre vosotros.',
  'offline.title': 'Sin conexión',
  'offline.text': 'Nightfall necesita conexión para llegar a la partida. Revisa tu red y vuelve a intentarlo.',
  'offline.retry': 'Reintentar',
  'settings.vibrate': 'Vibrar al cambiar de fase',
};
