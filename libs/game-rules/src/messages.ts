/**
 * Every code the engine writes instead of a sentence (docs/rules.md "Message codes"), as runtime lists: a
 * client checks that its catalogue words each of them, and the docs table lists the same. The types are in
 * `types.ts` ({@link NightMessage}, {@link Announcement}, {@link WinCondition}, {@link WinReason},
 * {@link Notice}, {@link NightActionKind}); each record below must name every code of its type (the
 * compiler checks it), so a new code cannot be forgotten here.
 */
import type { Announcement, NightActionKind, NightMessageCode, Notice, WinCondition, WinReason } from './types.js';

/** The keys of a record over a code union, in declaration order. */
function codes<C extends string>(all: Record<C, true>): readonly C[] {
  return Object.freeze(Object.keys(all) as C[]);
}

/** Codes of a night result line (`ActionResult.lines`, `NightLogEntry.result`). */
export const NIGHT_MESSAGE_CODES: readonly NightMessageCode[] = codes<NightMessageCode>({
  fellow_wolves: true,
  helper_wolves: true,
  other_mutual_knowers: true,
  role_lookers: true,
  passed: true,
  saw_player_card: true,
  saw_center_card: true,
  saw_center_cards: true,
  saw_pile: true,
  no_pile: true,
  view_shielded: true,
  converted_player: true,
  convert_no_pile: true,
  convert_shielded: true,
  turned_bad: true,
  turned_self_eliminator: true,
  shielded_card: true,
  copied_role: true,
  copy_choose_action: true,
  copy_shielded: true,
  protected_player: true,
  stalker_target: true,
  revealed_team: true,
  reveal_shielded: true,
  robbed_player: true,
  rob_shielded: true,
  swapped_players: true,
  swap_shielded: true,
  shifted_cards: true,
  shift_too_few: true,
  shift_skipped: true,
  swapped_with_center: true,
  center_swap_shielded: true,
  gave_card: true,
  took_card: true,
  give_shielded: true,
  tapped_player: true,
  gave_artifact: true,
  artifact_shielded: true,
  artifact_already_held: true,
  role_changed: true,
  role_unchanged: true,
  was_converted: true,
  self_check_shielded: true,
  stalked: true,
  tapped: true,
  artifact_received: true,
});

/** Codes of the night's public announcements (`SystemMessage.announcement`). */
export const ANNOUNCEMENT_CODES: readonly Announcement['code'][] = codes<Announcement['code']>({
  revealer_revealed: true,
  revealer_shielded: true,
});

/** Codes of `VoteResults.winConditions`. */
export const WIN_CONDITION_CODES: readonly WinCondition['code'][] = codes<WinCondition['code']>({
  self_eliminator_wins: true,
  good_wins_wolf_eliminated: true,
  good_wins_no_wolves: true,
  bad_wins: true,
  helper_wins_no_wolves: true,
  stalker_wins: true,
  nobody_wins_no_wolves: true,
  nobody_wins: true,
});

/** Codes of `VoteResults.playerResults[].reason`. */
export const WIN_REASON_CODES: readonly WinReason['code'][] = codes<WinReason['code']>({
  self_eliminator_won: true,
  self_eliminator_lost: true,
  stalker_no_target: true,
  stalker_target_eliminated: true,
  stalker_target_survived: true,
  good_won_wolf_eliminated: true,
  good_won_no_wolves: true,
  good_lost_no_wolf_eliminated: true,
  good_lost_no_wolves: true,
  bad_won: true,
  bad_lost_wolf_eliminated: true,
  bad_lost_self_eliminator: true,
  helper_won_no_wolves: true,
  helper_lost_no_wolves: true,
  lost: true,
  won: true,
});

/** Codes of `CommandOutcome.notice`. */
export const NOTICE_CODES: readonly Notice['code'][] = codes<Notice['code']>({
  bot_added: true,
  bot_removed: true,
  seating_updated: true,
  role_updated: true,
  player_kicked: true,
});

/** Every `NightLogEntry.kind` (`describeAction`). */
export const NIGHT_ACTION_KINDS: readonly NightActionKind[] = codes<NightActionKind>({
  view_player: true,
  view_center: true,
  view_werewolf_pile: true,
  view_center_card: true,
  rob_player: true,
  target_player: true,
  swap_players: true,
  swap_center: true,
  assign_artifact: true,
  copy_role: true,
  convert_player: true,
  protect_player: true,
  protect_from_death: true,
  tap_player: true,
  reveal_player: true,
  investigate_players: true,
  shift_cards: true,
  view_and_swap: true,
  pass: true,
  no_action: true,
  self_check: true,
});
