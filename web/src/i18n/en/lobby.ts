/**
 * Texts of the lobby (web/src/features/lobby): header, player list, role selection, settings, host
 * actions and the super admin's role panel. Spec 000 section 2 "Lobby" word for word. The page's status
 * screens use the game screens' `game.status.*` texts, Ready / Waiting... the shared `common.*` ones.
 */
export const LOBBY_EN = {
  // Header
  'lobby.room_code': 'Room Code',
  'lobby.heading': 'Lobby of room {code}',
  'lobby.copy': 'Copy',
  'lobby.copy_room_code': 'Copy room code',
  'lobby.host': 'Host: {name}',
  'lobby.host_fallback': 'Host',

  // Player list
  'lobby.players.title': 'Players ({count})',
  'lobby.players.you': 'You',
  'lobby.players.bot': 'Bot',
  'lobby.players.host': 'Host',
  'lobby.players.player': 'Player',
  'lobby.players.move_up': 'Move {name} up',
  'lobby.players.move_down': 'Move {name} down',
  'lobby.players.remove': 'Remove {name}',
  'lobby.seating.show': 'Arrange Seating',
  'lobby.seating.hide': 'Hide Seating',
  'lobby.seating.updated.title': 'Seating Updated',
  'lobby.seating.updated': 'The seating order has been updated',
  'lobby.seating.failed.title': 'Error',
  'lobby.seating.failed': 'Failed to rearrange seating',

  // Host actions
  'lobby.add_bot': 'Add Bot Player',
  'lobby.start_game': 'Start Game',
  'lobby.start.summary': '{selected} roles selected, {required} needed for {players} players',
  'lobby.waiting.title': 'Waiting for host to start the game',
  'lobby.waiting.summary': '{players} players • {selected} roles selected',

  // Role selection
  'lobby.roles.select': 'Select Roles',
  'lobby.roles.in_game': 'Roles in Game',
  'lobby.roles.count': '{selected} / {required}',
  'lobby.roles.about': 'About {role}',
  'lobby.roles.none': 'No roles selected yet.',

  // Settings
  'lobby.settings.title': 'Game Settings',
  'lobby.settings.discussion_time': 'Discussion time',
  'lobby.settings.minute': '{count} minute',
  'lobby.settings.minutes': '{count} minutes',

  // Super admin's role panel (spec 000 section 2: "view and change any player's role, for testing")
  'lobby.admin_roles.title': 'Admin: player roles',
  'lobby.admin_roles.random': 'Random',
  'lobby.admin_roles.hint.lobby': 'Choose the role a player will be dealt when the game starts, or Random. Only you see this panel.',
  'lobby.admin_roles.hint.deal': 'Change a dealt role: the card is swapped with its holder. Only you see this panel.',
  'lobby.admin_roles.select': 'Role of {name}',
  'lobby.admin_roles.updated': 'Role Updated',
  'lobby.admin_roles.failed.title': 'Error',
  'lobby.admin_roles.failed': 'Failed to update player role',
} as const;
