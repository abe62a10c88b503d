/**
 * What the rules engine's codes say (docs/rules.md "Message codes"), in English. The placeholders are filled
 * by `../rules.ts` through the active theme: {role} a role's themed name, {name}/{name2}/{names} players,
 * {center}/{centers} center cards, {pile} the theme's bad-guy pile, {team} a team phrase ('on the Good
 * Team'), {teamName} a team's name, {wolf}/{wolves} the theme's Bad Guy in a sentence, {artifact},
 * {effect}, {side}. A code with several forms has one key per form (`.none`, `.one`, `.many`, `.self`...).
 */
export const RULES_EN = {
  // Night information
  'night.fellow_wolves.none': 'You are the only {wolf}.',
  'night.fellow_wolves.one': 'Your fellow {wolf} is {names}.',
  'night.fellow_wolves.many': 'Your fellow {wolves} are {names}.',
  'night.helper_wolves.none': 'There are no {wolves} among the players.',
  'night.helper_wolves.one': 'The {wolf} is {names}.',
  'night.helper_wolves.many': 'The {wolves} are {names}.',
  'night.other_mutual_knowers.none': 'You are the only one of the {role} among the players.',
  'night.other_mutual_knowers.some': 'The other {role}: {names}.',
  'night.role_lookers.none': 'Nobody was dealt the {role}.',
  'night.role_lookers.some': 'The {role} is {names}.',
  'night.passed': 'You chose not to act tonight.',
  // Looks
  'night.saw_player_card': "You looked at {name}'s card: {role}.",
  'night.saw_center_card': 'You looked at {center}: {role}.',
  'night.saw_center_cards': 'You looked at {centers}: {roles}.',
  'night.saw_pile': 'You looked at the {pile}: {role}.',
  'night.no_pile': 'There is no {pile} in this game.',
  'night.view_shielded': "You tried to look at {name}'s card, but it is shielded.",
  // Bad Guy Converter
  'night.converted_player.known': 'You converted {name}: {name} now holds a {role} card.',
  'night.converted_player.unknown': 'You converted {name}: {name} now holds the card of the {pile}.',
  'night.convert_no_pile': 'There is no {pile}: you could not convert {name}.',
  'night.convert_shielded': "You tried to convert {name}, but {name}'s card is shielded.",
  // Paranormal Investigator
  'night.turned_bad': 'You saw a {wolf}: you are now a {wolf} {team}, and stopped investigating.',
  'night.turned_self_eliminator': 'You saw a {role}: you now win only if you are eliminated, and stopped investigating.',
  // Role Locker
  'night.shielded_card.self': 'You shielded your own card: nobody can look at it or move it tonight.',
  'night.shielded_card.other': "You shielded {name}'s card: nobody can look at it or move it tonight.",
  // Role Copier
  'night.copied_role': 'You copied {name}: {role}. You are now {team} and act as the {role}.',
  'night.copy_choose_action': 'Now choose your {role} action.',
  'night.copy_shielded': "You tried to copy {name}, but {name}'s card is shielded. You stay the {copier}.",
  // Protector, Stalker
  'night.protected_player': 'You protected {name}: {name} cannot be eliminated by the vote.',
  'night.stalker_target': 'Your target is {name}. You win if {name} is eliminated.',
  // Role Revealer
  'night.revealed_team': "You revealed {name}'s card: it is {team}. Everyone will be told at the start of the discussion.",
  'night.reveal_shielded': "You tried to reveal {name}'s card, but it is shielded. Everyone will be told.",
  // Role Thief
  'night.robbed_player': 'You robbed {name}. You are now the {role}.',
  'night.rob_shielded.own': 'You tried to rob {name}, but your card is shielded.',
  'night.rob_shielded.target': "You tried to rob {name}, but {name}'s card is shielded.",
  // Role Swapper
  'night.swapped_players': 'You swapped the cards of {name} and {name2}.',
  'night.swap_shielded.one': "You tried to swap the cards of {name} and {name2}, but {names}'s card is shielded.",
  'night.swap_shielded.both': 'You tried to swap the cards of {name} and {name2}, but both cards are shielded.',
  // Village Idiot
  'night.shifted_cards.left': "You moved every other player's card one seat to the left (to the next lower seat).",
  'night.shifted_cards.right': "You moved every other player's card one seat to the right (to the next higher seat).",
  'night.shift_too_few': 'There were not enough cards to move.',
  'night.shift_skipped.one': "{names}'s card is shielded and did not move.",
  'night.shift_skipped.many': 'The cards of {names} are shielded and did not move.',
  // Random Role Taker
  'night.swapped_with_center': 'You swapped your card with {center}. You do not know your new role.',
  'night.center_swap_shielded': 'Your card is shielded: you could not swap it with {center}.',
  // Role Giver
  'night.gave_card': 'You gave it to {name}.',
  'night.took_card': 'You took it: you are now the {role}.',
  'night.give_shielded.self': 'You could not give it away: your card is shielded.',
  'night.give_shielded.other': "You could not give it away: {name}'s card is shielded.",
  // Tapper, Item Giver
  'night.tapped_player': 'You tapped {name} on the shoulder.',
  'night.gave_artifact.self': 'You gave yourself a random artifact.',
  'night.gave_artifact.other': 'You gave a random artifact to {name}. You do not know which one.',
  'night.artifact_shielded.self': 'You tried to give an artifact to yourself, but your card is shielded.',
  'night.artifact_shielded.other': "You tried to give an artifact to {name}, but {name}'s card is shielded.",
  'night.artifact_already_held.self': 'You already hold an artifact: nothing happened.',
  'night.artifact_already_held.other': '{name} already holds an artifact: nothing happened.',
  // Self-Checker
  'night.role_changed': 'Your role has changed during the night! You are now the {role}.',
  'night.role_unchanged': 'Your role is still {role}.',
  'night.was_converted': 'You were converted with the {pile}.',
  'night.self_check_shielded': 'Your card is shielded: you cannot look at it.',
  // Notices
  'night.stalked': 'Somebody wants you dead.',
  'night.tapped': 'You were tapped! The tap came from your {side}.',
  'night.artifact_received': 'You received an artifact: the {artifact}. {effect}',
  'night.nothing': 'No action taken.',

  // Announcements (system chat messages)
  'announcement.label.revealer_announcement': 'Revealer Announcement',
  'announcement.label.other': 'Announcement',
  'announcement.revealer_revealed': "The {role} revealed {name}'s card: it is {team}.",
  'announcement.revealer_shielded': "The {role} could not reveal {name}'s card: it is shielded.",

  // Win conditions (VoteResults.winConditions)
  'win.self_eliminator_wins': 'The {role} was eliminated and wins.',
  'win.good_wins_wolf_eliminated': 'A {wolf} was eliminated: the {teamName} wins.',
  'win.good_wins_no_wolves': 'There were no {wolves} and nobody was eliminated: the {teamName} wins.',
  'win.bad_wins': 'No {wolf} was eliminated: the {teamName} wins.',
  'win.helper_wins_no_wolves': 'There were no {wolves} and someone other than the {role} was eliminated: the {role} wins.',
  'win.stalker_wins': "The {role}'s target was eliminated: the {role} wins.",
  'win.nobody_wins_no_wolves': 'There were no {wolves}, but someone was eliminated: nobody wins.',
  'win.nobody_wins': 'Nobody wins.',

  // Why a player won or lost (VoteResults.playerResults[].reason), under the banner's 'Your team won!'...
  'reason.self_eliminator_won': '',
  'reason.self_eliminator_lost': 'You were not eliminated.',
  'reason.stalker_no_target': 'You had no target.',
  'reason.stalker_target_eliminated': 'Your target {name} was eliminated.',
  'reason.stalker_target_survived': 'Your target {name} was not eliminated.',
  'reason.good_won_wolf_eliminated': 'A {wolf} was eliminated.',
  'reason.good_won_no_wolves': 'There were no {wolves} and nobody was eliminated.',
  'reason.good_lost_no_wolf_eliminated': 'No {wolf} was eliminated.',
  'reason.good_lost_no_wolves': 'There were no {wolves}, but someone was eliminated.',
  'reason.bad_won': 'No {wolf} was eliminated.',
  'reason.bad_lost_wolf_eliminated': 'A {wolf} was eliminated.',
  'reason.bad_lost_self_eliminator': 'The {role} was eliminated.',
  'reason.helper_won_no_wolves': 'There were no {wolves} and someone other than you was eliminated.',
  'reason.helper_lost_no_wolves': 'There were no {wolves} and nobody other than you was eliminated.',
  'reason.lost': '',
  'reason.won': '',

  // Toasts (CommandOutcome.notice): spec 000 section 8 "Success toasts"
  'notice.bot_added.title': 'Bot Added',
  'notice.bot_added.message': '{name} joined the game and the {role} role was added',
  'notice.bot_removed.title': 'Bot Removed',
  'notice.bot_removed.message': 'Bot player removed and role count adjusted',
  'notice.seating_updated.title': 'Seating Updated',
  'notice.seating_updated.message': 'The seating order was updated',
  'notice.role_updated.title': 'Role Updated',
  'notice.role_updated.message': 'Player role updated',
  'notice.player_kicked.title': 'Player Removed',
  'notice.player_kicked.message': '{name} was removed from the room',

  // Night log: one description per action kind (spec 000 section 2 "Results view"); {viewed}/{swapped}
  // are the theme's verbs.
  'kind.view_player': "{Viewed} a player's card",
  'kind.view_center': '{Viewed} two center cards',
  'kind.view_werewolf_pile': 'Checked the {pile}',
  'kind.view_center_card': '{Viewed} a center card',
  'kind.rob_player': "Robbed a player's card",
  'kind.target_player': 'Chose a target',
  'kind.swap_players': "{Swapped} two other players' cards",
  'kind.swap_center': '{Swapped} their card with a center card',
  'kind.assign_artifact': 'Gave an artifact to a player',
  'kind.copy_role': "Copied a player's role",
  'kind.convert_player': 'Converted a player with the {pile}',
  'kind.protect_player': "Shielded a player's card",
  'kind.protect_from_death': 'Protected a player from elimination',
  'kind.tap_player': 'Tapped a neighbour',
  'kind.reveal_player': "Revealed a player's team",
  'kind.investigate_players': 'Investigated players',
  'kind.shift_cards': "Shifted every other player's card",
  'kind.view_and_swap': '{Viewed} a center card and gave it to a player',
  'kind.pass': 'Passed',
  'kind.no_action': 'No night action',
  'kind.self_check': 'Looked at their own card at the end of the night',

  // Words the codes are filled with
  'team.on': 'on the {team}',
  'team.neutral': '{team}',
  'side.left': 'left',
  'side.right': 'right',
  'center.card': 'center card {n}',
  'center.cards': 'center cards {list}',
  'targets.left': 'to the left',
  'targets.right': 'to the right',
  'targets.separator': ' → ',

  // Artifacts (docs/rules.md "Artifacts"): names and the generic theme's wording of each effect
  'artifact.claw_of_the_werewolf.name': 'Claw of the Werewolf',
  'artifact.claw_of_the_werewolf.effect': 'You are now one of the {wolfTeam}, whatever your card says.',
  'artifact.brand_of_the_villager.name': 'Brand of the Villager',
  'artifact.brand_of_the_villager.effect': 'You are now on the {teamName}, whatever your card says.',
  'artifact.cudgel_of_the_tanner.name': 'Cudgel of the Tanner',
  'artifact.cudgel_of_the_tanner.effect': 'You are now a {role}: you win only if you are eliminated.',
  'artifact.void_of_nothingness.name': 'Void of Nothingness',
  'artifact.void_of_nothingness.effect': 'It has no effect.',
  'artifact.mask_of_muting.name': 'Mask of Muting',
  'artifact.mask_of_muting.effect': 'You cannot send chat messages during the discussion.',
} as const;
