/**
 * Texts of the shared components (web/src/components): connection, timers, ready lists, status screens,
 * role cards and the role information modal. Spec texts word for word where spec 000 gives them.
 */
export const COMMON_EN = {
  'common.list.separator': ', ',
  'common.list.last': '{head} and {last}',
  'common.you': '(You)',
  'common.unknown': 'Unknown',
  'common.continue': 'Continue',
  'common.reconnecting': 'Reconnecting...',
  'common.return_home': 'Return to Home',
  'common.ready': 'Ready',
  'common.waiting': 'Waiting...',

  // spec 000 section 2 "Lobby": Connected, Reconnecting..., Connection lost
  'connection.connecting': 'Connecting...',
  'connection.connected': 'Connected',
  'connection.reconnecting': 'Reconnecting...',
  'connection.closed': 'Connection lost',
  'connection.retry': 'Retry',

  'countdown.label': 'Time left',
  'ready.count': '{done} of {total} players ready',
  'ready.aria': 'ready',

  // Roles (web/src/lib/roles.ts)
  'role.unknown': 'Unknown',
  'role.custom.description': 'A {title} role.',
  'role.custom.instructions.order': 'You act in position #{order} of the night. There is nothing to choose in the app: press Continue when the night comes.',
  'role.custom.instructions.none': 'No night action.',
  'role.custom.win.label': 'The {label} team plays with the {teamName}. {win}',
  'role.card.caption': 'Your role',
  'role.card.plays_with': '{label} · plays with the {teamName}',

  // Role information modal (spec 000 section 2 "Lobby")
  'role_info.team': 'Team: ',
  'role_info.plays_with': ' (plays with the {teamName})',
  'role_info.order': 'acts in position #{order} during the night phase',
  'role_info.win': 'Win condition: ',

  // Language selector (docs/architecture.md "Locales"): each language in its own name
  'locale.label': 'Language',
  'locale.en': 'English',
  'locale.es': 'Español',
} as const;
