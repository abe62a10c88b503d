/** Spanish texts of the shared components (see `../en/common.ts`). */
import type { COMMON_EN } from '../en/common';

export const COMMON_ES: Record<keyof typeof COMMON_EN, string> = {
  'common.list.separator': ', ',
  'common.list.last': '{head} y {last}',
  'common.you': '(Tú)',
  'common.unknown': 'Desconocido',
  'common.continue': 'Continuar',
  'common.reconnecting': 'Reconectando...',
  'common.return_home': 'Volver al inicio',
  'common.ready': 'Listo',
  'common.waiting': 'Esperando...',

  'connection.connecting': 'Conectando...',
  'connection.connected': 'Conectado',
  'connection.reconnecting': 'Reconectando...',
  'connection.closed': 'Conexión perdida',
  'connection.retry': 'Reintentar',

  'countdown.label': 'Tiempo restante',
  'ready.count': '{done} de {total} jugadores listos',
  'ready.aria': 'listo',

  'role.unknown': 'Desconocido',
  'role.custom.description': 'Un rol de {title}.',
  'role.custom.instructions.order': 'Actúas en la posición #{order} de la noche. No hay nada que elegir en la app: pulsa Continuar cuando llegue la noche.',
  'role.custom.instructions.none': 'Sin acción nocturna.',
  'role.custom.win.label': 'El equipo {label} juega con el {teamName}. {win}',
  'role.card.caption': 'Tu rol',
  'role.card.plays_with': '{label} · juega con el {teamName}',

  'role_info.team': 'Equipo: ',
  'role_info.plays_with': ' (juega con el {teamName})',
  'role_info.order': 'actúa en la posición #{order} durante la fase de noche',
  'role_info.win': 'Condición de victoria: ',

  'locale.label': 'Idioma',
  'locale.en': 'English',
  'locale.es': 'Español',
};
