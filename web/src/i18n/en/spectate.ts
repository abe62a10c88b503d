/**
 * Texts of spectators (docs/rules.md "Spectators"): the join form's Watch button, the watching banner, the
 * spectator's lobby and game screens, and the count every lobby shows.
 */
export const SPECTATE_EN = {
  'spectate.button': 'Watch',
  'spectate.hint': 'Watch without a seat: no role, no vote, no chat.',
  'spectate.banner.title': 'You are watching',
  'spectate.banner.text': 'You see what everybody may see; every card is shown at the results.',
  'spectate.stop': 'Stop Watching',
  'spectate.count.one': '1 spectator',
  'spectate.count.many': '{count} spectators',
  'spectate.waiting_host': 'Waiting for the host to start the game.',
  'spectate.night': 'The players act in the dark. You will see what happened at the results.',
  'spectate.status.done': 'Done',
  'spectate.status.ready': 'Ready',
  'spectate.status.voted': 'Voted',
  'spectate.status.waiting': 'Waiting...',
  'spectate.count.done': '{done} of {total} players done',
  'spectate.count.ready': '{done} of {total} players ready',
  'spectate.count.voted': '{done} of {total} players voted',
  'spectate.chat': 'Chat',
  'spectate.vote_ends': 'Voting ends in',
} as const;
