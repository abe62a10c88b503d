/** Spanish texts of spectators (see `../en/spectate.ts`). */
import type { SPECTATE_EN } from '../en/spectate';

export const SPECTATE_ES: Record<keyof typeof SPECTATE_EN, string> = {
  'spectate.button': 'Mirar',
  'spectate.hint': 'Mira sin asiento: sin rol, sin voto y sin chat.',
  'spectate.banner.title': 'Estás mirando',
  'spectate.banner.text': 'Ves lo que todos pueden ver; todas las cartas se muestran en los resultados.',
  'spectate.stop': 'Dejar de mirar',
  'spectate.count.one': '1 espectador',
  'spectate.count.many': '{count} espectadores',
  'spectate.waiting_host': 'Esperando a que el anfitrión empiece la partida.',
  'spectate.night': 'Los jugadores actúan a oscuras. Verás lo que pasó en los resultados.',
  'spectate.status.done': 'Hecho',
  'spectate.status.ready': 'Listo',
  'spectate.status.voted': 'Ha votado',
  'spectate.status.waiting': 'Esperando...',
  'spectate.count.done': '{done} de {total} jugadores han terminado',
  'spectate.count.ready': '{done} de {total} jugadores listos',
  'spectate.count.voted': '{done} de {total} jugadores han votado',
  'spectate.chat': 'Chat',
  'spectate.vote_ends': 'La votación termina en',
};
