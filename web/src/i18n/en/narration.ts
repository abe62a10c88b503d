/**
 * Texts of the host's narrator (docs/architecture.md "Table experience", issue 13 item 4): the lines spoken
 * (Web Speech API) and shown as captions on the host's device as the phases change, and the game menu's switch.
 * Every line is public: `{role}` / `{roles}` is the active theme's name of a role of the game's selection,
 * `{night}` the theme's night phase, `{wolf}` / `{wolves}` the theme's bad guy in a sentence. No line names a
 * player, says who holds a card or what anybody did.
 */
export const NARRATION_EN = {
  // Game menu (host)
  'narration.setting': 'Narrate the night',
  'narration.caption.label': 'Narrator',

  // job_choice: the night opens, then one line per acting role of the selection, in night order
  'narration.night.start': 'Everyone, close your eyes. The {night} begins.',
  'narration.role.bad_guy': '{roles}, wake up and look for each other. A lone {wolf} may look at one center card. Close your eyes.',
  'narration.role.bad_guy_converter': '{role}, wake up. You may swap the {pile} with the card of a player who is not a {wolf}. Close your eyes.',
  'narration.role.advanced_bad_guy': '{role}, wake up. You may look at one other player\'s card. Close your eyes.',
  'narration.role.role_locker': '{role}, wake up. You may place a shield on one card. Close your eyes.',
  'narration.role.role_copier': '{role}, wake up and look at another player\'s card: you become that role. Close your eyes.',
  'narration.role.paranormal_investigator': '{role}, wake up. You may look at up to two other players\' cards, one at a time. Close your eyes.',
  'narration.role.protector': '{role}, wake up and choose another player to protect. Close your eyes.',
  'narration.role.stalker': '{role}, wake up and choose your target. Close your eyes.',
  'narration.role.role_looker': '{role}, wake up. You may look at another player\'s card or at two center cards. Close your eyes.',
  'narration.role.single_role_looker': '{role}, wake up. You may look at one center card. Close your eyes.',
  'narration.role.role_revealer': '{role}, wake up. You may reveal the team of another player\'s card. Close your eyes.',
  'narration.role.role_thief': '{role}, wake up. You may swap your card with another player\'s card, then look at your new card. Close your eyes.',
  'narration.role.role_swapper': '{role}, wake up. You may swap the cards of two other players. Close your eyes.',
  'narration.role.village_idiot': '{role}, wake up and move every other player\'s card one seat to the left or to the right. Close your eyes.',
  'narration.role.random_role_taker': '{role}, wake up and swap your card with a center card, without looking. Close your eyes.',
  'narration.role.role_giver': '{role}, wake up. You may look at a center card and give it to a player. Close your eyes.',
  'narration.role.tapper': '{role}, wake up and tap one of your neighbours. Close your eyes.',
  'narration.role.item_giver': '{role}, wake up. You may give a random artifact to any player. Close your eyes.',
  'narration.role.self_checker': '{role}, wake up and look at your own card. Close your eyes.',
  'narration.role.other': '{role}, wake up and do your night action. Close your eyes.',

  // The following phases
  'narration.resolve': 'Everyone, wake up. Look at what you learned in the night.',
  'narration.discussion': 'Time to talk. Who among you are the {wolves}?',
  'narration.vote': 'Time to vote. Choose the player you suspect.',
  'narration.results': 'The votes are in.',
} as const;
