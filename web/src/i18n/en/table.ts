/**
 * Texts of the table experience (docs/architecture.md "Table experience"): the lobby's invite (link, QR code,
 * Copy and Share), the /join/{code} page, the quick setup ('Suggest roles'), the installed app (web app
 * manifest, offline page written at build time from these entries) and the phone settings (vibration).
 * 'Need exactly {n} roles for {m} players' is spec 000 section 8 word for word.
 */
export const TABLE_EN = {
  // Invite (lobby)
  'invite.title': 'Invite Players',
  'invite.hint': 'Scan the code or open the link to join this room.',
  'invite.qr': 'QR code of the invite link',
  'invite.copy': 'Copy Link',
  'invite.copied': 'Link copied',
  'invite.copy_failed': 'Could not copy the link: {link}',
  'invite.loopback': 'This address works on this computer only: to invite phones, open the game at its network address (for example http://192.168.1.10:8080).',
  'invite.share': 'Share',
  'invite.share.title': 'Nightfall',
  'invite.share.text': 'Join my Nightfall game: room {code}',

  // /join/{code}
  'join.invited': 'You are invited to room {code}',
  'join.joining': 'Joining room {code}...',

  // Quick setup (lobby, host)
  'suggest.button': 'Suggest roles',
  'suggest.need_exactly': 'Need exactly {n} roles for {m} players',
  'suggest.auto': 'Suggested for {players} players; kept in step as players join or leave.',

  // Installed app: web app manifest and offline page (written by the build: web/vite.config.ts)
  'app.name': 'Nightfall',
  'app.description': 'A social deduction game for 3-10 players. Find the hidden enemies among you.',
  'offline.title': 'You are offline',
  'offline.text': 'Nightfall needs a connection to reach the game. Check your network, then try again.',
  'offline.retry': 'Retry',

  // Phone settings (game menu)
  'settings.vibrate': 'Vibrate on phase changes',

  // Seat hold and autopilot (docs/rules.md "Seat hold and autopilot")
  'seat.held': 'Away, seat held {time}',
  'seat.held.aria': '{name} is away; the seat is held for {time}',
  'seat.autopilot': 'Autopilot',
  'seat.autopilot.aria': 'The autopilot plays for {name} until they come back',

  // Kick and leave (docs/rules.md "Kick and leave")
  'kick.button': 'Remove {name} from the room',
  'kick.confirm.title': 'Remove {name}?',
  'kick.confirm.text': 'They leave the room and cannot join it again.',
  'kick.confirm.ok': 'Remove',
  'kick.confirm.cancel': 'Cancel',
  'leave.button': 'Leave Room',
  'leave.confirm.title': 'Leave this room?',
  'leave.confirm.host': 'Host rights pass to the next player.',
  'leave.confirm.ok': 'Leave',
  'removed.kicked.title': 'Removed from the room',
  'removed.kicked.message': 'The host removed you from this room.',
  'removed.left.title': 'You left the room',
  'removed.left.message': 'You are no longer in this room.',
} as const;
