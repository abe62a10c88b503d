/**
 * Texts of the history and the night replay (docs/architecture.md "History and replay"; docs/rules.md
 * "Night replay"): the /history list, a past round's page, the replay on the results screen, and the menu
 * entry that leads there.
 */
export const HISTORY_EN = {
  // Menu entry (profile modal) and page
  'history.menu': 'Game History',
  'history.title': 'Game History',
  'history.sign_in': 'Sign in to see the games you played.',
  'history.sign_in.button': 'Sign In / Sign Up',
  'history.empty': 'No finished games yet. Games you finish while signed in appear here.',
  'history.load_error': 'Could not load your game history.',
  'history.load_more': 'Load more',
  'history.back': 'Back to history',
  'history.entry.room': 'Room {code} • round {round}',
  'history.entry.role': 'Your role',
  'history.entry.team': 'Team',
  'history.entry.players': 'Players',
  'history.entry.open': 'Results and replay',
  'history.outcome.won': 'Won',
  'history.outcome.lost': 'Lost',
  'history.outcome.draw': 'Nobody won',
  'history.replay_page.title': 'Room {code} • round {round}',
  'history.replay_page.finished': 'Finished {date}',

  // Night replay (results screen and history)
  'replay.title': 'Night Replay',
  'replay.region': 'Night replay: cards at the seats and in the center',
  'replay.start': 'Before the night: the cards as dealt',
  'replay.step': 'Step {n} of {total}',
  'replay.moved': 'Cards moved',
  'replay.blocked': 'No card moved: the card was shielded.',
  'replay.nothing_moved': 'No card moved.',
  'replay.move': '{card}: {from} → {to}',
  'replay.center': 'Center',
  'replay.center_slot': 'Center {n}',
  'replay.seat_label': '{name}: {card}',
  'replay.center_label': '{slot}: {card}',
  'replay.moved_label': '(moved)',
  'replay.first': 'Back to the start',
  'replay.prev': 'Previous step',
  'replay.next': 'Next step',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.last': 'Last step',
  'replay.inconsistent': 'This night cannot be replayed exactly (it was played by an older version).',
  'replay.empty': 'Nobody acted tonight.',
} as const;
