/**
 * Public types of the Nightfall rules engine: the contract between `libs/game-rules`, `game-engine`,
 * `gateway` and `web`. Source: spec 000 sections 3-5 and docs/rules.md. All times are epoch milliseconds
 * unless a field name ends in `Time` and is documented as seconds (discussionTime, votingTime).
 */

/** Game phases in order (spec 000 section 4). */
export type Phase = 'lobby' | 'role_deal' | 'job_choice' | 'role_resolve' | 'discussion' | 'vote' | 'results';

/** Canonical team values (spec 000 section 3 "Teams"): bad = "Bad Guys", good = "Good Guys". */
export type Team = 'bad' | 'good' | 'neutral';

/** Canonical role names (spec 000 section 3, 30 roles). These strings are the role ids everywhere. */
export type RoleName =
  | 'Bad Guy'
  | 'Bad Guy Converter'
  | 'Advanced Bad Guy'
  | 'Isolated Bad Guy'
  | 'Bad Guy Helper'
  | 'Self-Eliminator'
  | 'Stalker'
  | 'Basic Good Guy'
  | 'Role Looker'
  | 'Single Role Looker'
  | 'Role Thief'
  | 'Role Swapper'
  | 'Random Role Taker'
  | 'Self-Checker'
  | 'Mutual Knowers'
  | 'Revenge Voter'
  | 'Protector'
  | 'Role Locker'
  | 'Uneliminatable Player'
  | 'Role Giver'
  | 'Village Idiot'
  | 'Item Giver'
  | 'Tapper'
  | 'Seer Knower'
  | 'Paranormal Investigator'
  | 'Role Copier'
  | 'Role Revealer'
  | 'Aura Seer'
  | 'Copycat'
  | 'Old Hag';

/**
 * Id of a custom role card (docs/rules.md "Custom roles"): `custom:` followed by the admin service's id of
 * the role (`custom:<uuid>`), so that it never collides with a catalogue name. {@link isCustomRoleId}.
 */
export type CustomRoleId = `custom:${string}`;

/**
 * A role card as selections, hands, the center and results hold it: a catalogue role name or a custom
 * role id. Use `roleInfo(state, card)` for its name, team and night order whatever its kind.
 */
export type RoleId = RoleName | CustomRoleId;

/** A custom role's title and image in one theme (spec 001 "Custom Role Creator"). */
export interface CustomRoleThemeVariant {
  title: string;
  /** '' when the role has no image in that theme. */
  imageUrl: string;
}

/**
 * A custom role as a game holds it (docs/rules.md "Custom roles"): a snapshot of the super admin's
 * definition taken in the lobby and frozen once the game leaves the lobby.
 */
export interface CustomRoleDef {
  /** `custom:<admin id>`: the card as selections and hands hold it. */
  id: CustomRoleId;
  /** The role's base name (1-100 characters). */
  name: string;
  /**
   * The team label as the admin wrote it (up to 50 characters). `villager` plays for the good team,
   * `werewolf` for the bad team as a wolf; any other label plays and wins with the good team.
   */
  team: string;
  /** Free text describing the role. */
  abilities: string;
  /** The order shown to players ("acts in position #N"), 0 for none. The role has no night mechanic either way. */
  nightOrder: number;
  /** Title and image per theme id (werewolf, russiagate, corporate, generic). */
  themeVariants: Record<string, CustomRoleThemeVariant>;
}

/**
 * A custom role as the service passes it to `set_custom_roles` / `createGame` (the admin service's
 * CustomRole): `id` may be the admin's raw id or already `custom:<id>`; `isActive: false` roles are dropped;
 * a non-integer night order reads as 0.
 */
export interface CustomRoleInput {
  id: string;
  name: string;
  team: string;
  abilities?: string;
  nightOrder?: number;
  isActive?: boolean;
  themeVariants?: Record<string, CustomRoleThemeVariant>;
}

/** A custom role as views show it: the definition plus how it plays (docs/rules.md "Custom roles"). */
export interface CustomRoleView extends CustomRoleDef {
  /** The team the role plays and wins with: 'bad' for `werewolf`, 'good' for any other label. */
  gameTeam: Team;
  /** True for `werewolf`: the card counts as a wolf. */
  isWolf: boolean;
}

/** What `roleInfo(state, card)` tells about a card of either kind. */
export interface RoleInfo {
  id: RoleId;
  /** Canonical name of a catalogue role, base name of a custom role (the name night results print). */
  name: string;
  /** Generic-theme display name (catalogue `displayName`; a custom role's base name). */
  displayName: string;
  /** The team the card plays and wins with. */
  team: Team;
  isWolf: boolean;
  /** Night order shown to players; 0 = no night action. */
  nightOrder: number;
  /** True for a custom role. */
  custom: boolean;
  /** A custom role's team label as the admin wrote it; absent for catalogue roles. */
  teamLabel?: string;
}

/** Night action payload types (spec 000 section 3 "Action payloads"). */
export type ActionType =
  | 'view_player'
  | 'view_center'
  | 'view_werewolf_pile'
  | 'view_center_card'
  | 'rob_player'
  | 'target_player'
  | 'swap_players'
  | 'swap_center'
  | 'assign_artifact'
  | 'copy_role'
  | 'convert_player'
  | 'protect_player'
  | 'protect_from_death'
  | 'tap_player'
  | 'reveal_player'
  | 'investigate_players'
  | 'shift_cards'
  | 'view_and_swap'
  | 'pass'
  | 'swap_with_center'
  | 'no_action';

/** A night action as submitted (spec 000 section 3). Fields other than `type` depend on the type. */
export interface ActionPayload {
  type: ActionType;
  targetUserId?: string;
  positions?: number[];
  centerIndex?: number;
  player1UserId?: string;
  player2UserId?: string;
  artifactId?: string;
  targetUserIds?: string[];
  /**
   * `shift_cards` (Village Idiot): `left` moves every card to the next LOWER seat (seat i -> i-1, wrapping),
   * `right` to the next higher seat (docs/rules.md "Scenarios", night scenario 6: "toward the lower seat" = `left`).
   */
  direction?: 'left' | 'right';
}

/** Artifact ids of the Item Giver's pool (docs/rules.md "Artifacts"). Names and effects: `ARTIFACTS`. */
export type ArtifactId = 'claw_of_the_werewolf' | 'brand_of_the_villager' | 'cudgel_of_the_tanner' | 'void_of_nothingness' | 'mask_of_muting';

/** One artifact of the pool (docs/rules.md "Artifacts"). */
export interface ArtifactDefinition {
  id: ArtifactId;
  /** Player-facing name ('Claw of the Werewolf'). */
  name: string;
  /** Player-facing effect text. */
  description: string;
  /** Team the holder is on at dawn, overriding card and transformation; null: no change. */
  team: Team | null;
  /** True when the holder counts as a wolf (Claw). */
  isWolf: boolean;
  /** Role whose win condition applies to the holder (Claw: Bad Guy, Brand: Basic Good Guy, Cudgel: Self-Eliminator); null: unchanged. */
  winRole: RoleName | null;
  /** True when the holder cannot chat during discussion (Mask of Muting). */
  mutes: boolean;
}

/** One entry of the role catalogue (docs/rules.md "Roles"; spec 000 section 3 "Role definition"). */
export interface RoleDefinition {
  name: RoleName;
  /** Name in the classic card game (Werewolf, Seer...), or null. */
  classicName: string | null;
  /** Name shown by the generic theme when it differs from the canonical one (e.g. 'All Role Switcher'). */
  displayName: string;
  team: Team;
  /** True for the cards that count as wolves for win purposes (docs/rules.md "Roles"). */
  isWolf: boolean;
  description: string;
  /** How-to-play text shown at role_deal when the role has a night action. */
  instructions: string;
  winCondition: string;
  hasNightAction: boolean;
  /** Night order shown to players; 0 means no night action (docs/rules.md "Roles"). */
  actionOrder: number;
  /** Action types this role may submit at night; empty for roles without an action. */
  actions: ActionType[];
  /** Lobby cap (spec 000 section 9). */
  maxCount: number;
  /** False for Uneliminatable Player, Aura Seer, Copycat, Old Hag (spec 000 section 1). */
  selectable: boolean;
  /** True when the engine implements the role (every selectable role; false for the 4 non-selectable ones). */
  implemented: boolean;
}

/** Game settings (spec 000 section 3 "gameSettings"). Times in seconds; start times epoch ms. */
export interface GameSettings {
  /** Seconds, 60-600 in steps of 60, default 300. */
  discussionTime: number;
  /** Seconds, default 60. */
  votingTime: number;
  discussionStartTime: number | null;
  votingStartTime: number | null;
  calculatingResults: boolean;
  selectedTheme?: string;
}

/**
 * A player named in a message: its userId and display name as the game knows them (docs/rules.md
 * "Message codes"). Clients show the name; the id lets them link it to a seat.
 */
export interface PlayerRef {
  userId: string;
  displayName: string;
}

/**
 * One fact a player learned at night, as a code and its parameters (docs/rules.md "Message codes"). The
 * engine writes no sentence: a client renders each code through its message catalogue and its theme (role
 * names from the role ids, team names from the team ids, the pile's name...). `params` hold only role ids
 * (never display names of roles), team ids, center indexes (0-2: the bad-guy pile has its own codes),
 * artifact ids, sides and the players named.
 */
export type NightMessage =
  // Night information (docs/rules.md "Roles", "What the player learns"); an empty list has its own wording.
  /** A waking wolf's fellow wolves (empty: it is the only wolf). */
  | { code: 'fellow_wolves'; params: { players: PlayerRef[] } }
  /** The Bad Guy Helper's wolves (empty: there are none among the players). */
  | { code: 'helper_wolves'; params: { players: PlayerRef[] } }
  /** The other Mutual Knowers (empty: the only one). */
  | { code: 'other_mutual_knowers'; params: { players: PlayerRef[] } }
  /** Who was dealt the Role Looker, for the Seer Knower (empty: nobody). */
  | { code: 'role_lookers'; params: { players: PlayerRef[] } }
  /** A pass: "You chose not to act tonight." */
  | { code: 'passed'; params: Record<string, never> }
  // Looks (printed cards only: docs/rules.md "Transformation secrecy").
  | { code: 'saw_player_card'; params: { player: PlayerRef; role: RoleId } }
  | { code: 'saw_center_card'; params: { center: number; role: RoleId } }
  /** Two center cards: `roles[i]` lies at `centers[i]`. */
  | { code: 'saw_center_cards'; params: { centers: number[]; roles: RoleId[] } }
  | { code: 'saw_pile'; params: { role: RoleId } }
  /** The pile was asked for in a game without one. */
  | { code: 'no_pile'; params: Record<string, never> }
  /** A look at a player's card blocked by a shield. */
  | { code: 'view_shielded'; params: { player: PlayerRef } }
  // Bad Guy Converter.
  /** `role`: the card the target now holds, when the converter knows it; absent: "the card of the pile". */
  | { code: 'converted_player'; params: { player: PlayerRef; role?: RoleId } }
  | { code: 'convert_no_pile'; params: { player: PlayerRef } }
  | { code: 'convert_shielded'; params: { player: PlayerRef } }
  // Paranormal Investigator: it turned and stopped.
  | { code: 'turned_bad'; params: { team: Team } }
  | { code: 'turned_self_eliminator'; params: Record<string, never> }
  // Role Locker.
  | { code: 'shielded_card'; params: { player: PlayerRef; self: boolean } }
  // Role Copier.
  /** The copy: the player copied, the copied card and the team the copier joined. */
  | { code: 'copied_role'; params: { player: PlayerRef; role: RoleId; team: Team } }
  /** During job_choice only: the copied role has a choice to make next. */
  | { code: 'copy_choose_action'; params: { role: RoleId } }
  | { code: 'copy_shielded'; params: { player: PlayerRef } }
  // Protector, Stalker.
  | { code: 'protected_player'; params: { player: PlayerRef } }
  | { code: 'stalker_target'; params: { player: PlayerRef } }
  // Role Revealer (the announcement to everyone is an {@link Announcement}).
  | { code: 'revealed_team'; params: { player: PlayerRef; team: Team } }
  | { code: 'reveal_shielded'; params: { player: PlayerRef } }
  // Role Thief.
  | { code: 'robbed_player'; params: { player: PlayerRef; role: RoleId } }
  /** `own`: the thief's own card is shielded (else the target's). */
  | { code: 'rob_shielded'; params: { player: PlayerRef; own: boolean } }
  // Role Swapper.
  | { code: 'swapped_players'; params: { player: PlayerRef; player2: PlayerRef } }
  /** `shielded`: the one or two of them whose card is shielded. */
  | { code: 'swap_shielded'; params: { player: PlayerRef; player2: PlayerRef; shielded: PlayerRef[] } }
  // Village Idiot.
  | { code: 'shifted_cards'; params: { direction: 'left' | 'right' } }
  | { code: 'shift_too_few'; params: Record<string, never> }
  /** The shielded seats that did not move. */
  | { code: 'shift_skipped'; params: { players: PlayerRef[] } }
  // Random Role Taker.
  | { code: 'swapped_with_center'; params: { center: number } }
  | { code: 'center_swap_shielded'; params: { center: number } }
  // Role Giver (after its `saw_center_card`).
  | { code: 'gave_card'; params: { player: PlayerRef } }
  | { code: 'took_card'; params: { role: RoleId } }
  | { code: 'give_shielded'; params: { player: PlayerRef; self: boolean } }
  // Tapper.
  | { code: 'tapped_player'; params: { player: PlayerRef } }
  // Item Giver.
  | { code: 'gave_artifact'; params: { player: PlayerRef; self: boolean } }
  | { code: 'artifact_shielded'; params: { player: PlayerRef; self: boolean } }
  | { code: 'artifact_already_held'; params: { player: PlayerRef; self: boolean } }
  // Self-Checker.
  | { code: 'role_changed'; params: { role: RoleId } }
  | { code: 'role_unchanged'; params: { role: RoleId } }
  | { code: 'was_converted'; params: Record<string, never> }
  | { code: 'self_check_shielded'; params: Record<string, never> }
  // Notices caused by others (docs/rules.md "Results, notices and announcements").
  /** The Stalker's target: "Somebody wants you dead." */
  | { code: 'stalked'; params: Record<string, never> }
  /** The tapped player: "You were tapped!" and from which side (seen from the tapped player). */
  | { code: 'tapped'; params: { side: 'left' | 'right' } }
  | { code: 'artifact_received'; params: { artifact: ArtifactId } };

/** The codes of {@link NightMessage}. */
export type NightMessageCode = NightMessage['code'];

/**
 * A public announcement of the night (docs/rules.md "Results, notices and announcements"), posted as a
 * system chat message when the discussion starts.
 */
export type Announcement =
  /** The Role Revealer revealed the team of a player's card (a team, never a role). */
  | { code: 'revealer_revealed'; params: { player: PlayerRef; team: Team } }
  /** The Role Revealer could not reveal a shielded card. */
  | { code: 'revealer_shielded'; params: { player: PlayerRef } };

/** Structured night result (spec 000 section 3 "actionResult"; docs/rules.md "Message codes"). */
export interface ActionResult {
  /**
   * What the player learned, one fact per line, in order: its own results in resolution order, then the
   * notices caused by others. Never empty.
   */
  lines: NightMessage[];
  data?: {
    /**
     * Cards seen: who/where and what, as printed. A transformation attached to a seen card is secret
     * (docs/rules.md "Transformation secrecy") and never appears here.
     */
    seen?: Array<{
      userId?: string;
      displayName?: string;
      centerIndex?: number;
      role: RoleId;
      /**
       * @deprecated Never set: a transformation attached to a seen card is secret
       * (docs/rules.md "Transformation secrecy"); `playerView` strips it from results written by older engine
       * versions. Kept only so that existing clients still compile; will be removed.
       */
      transformedTo?: RoleId;
    }>;
    badGuyPileCards?: RoleId[];
    newRole?: RoleId;
    targetName?: string;
    finalRole?: RoleId;
    originalRole?: RoleId;
    wasConverted?: boolean;
    wasRobbed?: boolean;
    shielded?: boolean;
    /** Item Giver's target: the artifact received (id; name via `ARTIFACTS`). The giver never gets this. */
    artifact?: ArtifactId;
    /** Tapped player: the side of the Tapper, seen from the tapped player (left = next lower seat, wrapping). */
    tappedBy?: 'left' | 'right';
    /** Role Copier: the role copied (also in `immediateResult`). */
    copiedRole?: RoleId;
    /** Bad Guy Converter: the card the target now holds, when the converter knows it (the untouched pile: Bad Guy). */
    convertedTo?: RoleId;
    /** Paranormal Investigator / Role Copier: the team the player joined tonight. */
    becameTeam?: Team;
    /** Role Revealer: the team announced for the target's card. */
    revealedTeam?: Team;
    /**
     * @deprecated Never set: the transformation attached to a card a player receives is secret to it
     * (docs/rules.md "Transformation secrecy"); `playerView` strips it from results written by older engine
     * versions. Kept only so that existing clients still compile; will be removed.
     */
    newRoleTransformedTo?: RoleId;
    /** Stalker's target: the `stalked` notice. */
    stalkerMarked?: boolean;
  };
}

/**
 * The kind of a night action as the night log describes it (spec 000 section 2 "Results view": "a
 * description per action kind"): the action type, except the Self-Checker's `no_action`, which is its look
 * at its own card (`self_check`). `swap_with_center` is logged as `swap_center`. From `describeAction`.
 */
export type NightActionKind = Exclude<ActionType, 'swap_with_center'> | 'self_check';

/** One step of the night log, revealed to everyone at results (spec 000 section 2 "Results view"). */
export interface NightLogEntry {
  order: number;
  userId: string;
  displayName: string;
  role: RoleId;
  action: ActionPayload;
  /** What kind of action it was (`describeAction`). */
  kind: NightActionKind;
  /** What the actor learned at this step (docs/rules.md "Message codes"); empty when it learned nothing. */
  result: NightMessage[];
  /** True for a Role Copier's second action, performed as the copied `role`. */
  isCopy?: boolean;
}

/**
 * Why the game ended as it did: one line per side that won, or why nobody won (docs/rules.md "Wins",
 * "Message codes").
 */
export type WinCondition =
  | { code: 'self_eliminator_wins'; params: { role: 'Self-Eliminator' } }
  | { code: 'good_wins_wolf_eliminated'; params: { team: 'good' } }
  | { code: 'good_wins_no_wolves'; params: { team: 'good' } }
  | { code: 'bad_wins'; params: { team: 'bad' } }
  | { code: 'helper_wins_no_wolves'; params: { role: 'Bad Guy Helper' } }
  | { code: 'stalker_wins'; params: { role: 'Stalker' } }
  | { code: 'nobody_wins_no_wolves'; params: Record<string, never> }
  | { code: 'nobody_wins'; params: Record<string, never> };

/** Why one player won or lost (docs/rules.md "Wins", "Message codes"). */
export type WinReason =
  | { code: 'self_eliminator_won'; params: Record<string, never> }
  | { code: 'self_eliminator_lost'; params: Record<string, never> }
  | { code: 'stalker_no_target'; params: Record<string, never> }
  | { code: 'stalker_target_eliminated'; params: { player: PlayerRef } }
  | { code: 'stalker_target_survived'; params: { player: PlayerRef } }
  | { code: 'good_won_wolf_eliminated'; params: Record<string, never> }
  | { code: 'good_won_no_wolves'; params: Record<string, never> }
  | { code: 'good_lost_no_wolf_eliminated'; params: Record<string, never> }
  | { code: 'good_lost_no_wolves'; params: Record<string, never> }
  | { code: 'bad_won'; params: Record<string, never> }
  | { code: 'bad_lost_wolf_eliminated'; params: Record<string, never> }
  | { code: 'bad_lost_self_eliminator'; params: Record<string, never> }
  | { code: 'helper_won_no_wolves'; params: Record<string, never> }
  | { code: 'helper_lost_no_wolves'; params: Record<string, never> }
  | { code: 'lost'; params: Record<string, never> }
  /** Only for results stored by an engine version before the codes, whose reason is not known. */
  | { code: 'won'; params: Record<string, never> };

/** Vote results as spec 000 section 3 names them, with codes instead of sentences (docs/rules.md "Wins"). */
export interface VoteResults {
  winners: string[];
  /** The spec's `winCondition`, as codes: one line per side that won, or why nobody did. Never empty. */
  winConditions: WinCondition[];
  eliminatedPlayers: Array<{ userId: string; displayName: string; role: RoleId }>;
  /** The spec's `winReason` is `reason`, a code. */
  playerResults: Array<{ userId: string; isWinner: boolean; reason: WinReason }>;
  /** userId -> number of votes received. */
  voteCount: Record<string, number>;
  /** Teams that won ('good', 'bad', 'neutral' members like Self-Eliminator/Stalker are in winners). */
  winningTeams: Team[];
}

/** A player's full (secret) state inside the engine. Mirrors spec 000 section 3 "player". */
export interface PlayerState {
  userId: string;
  displayName: string;
  isBot: boolean;
  /** 0-based seat; players[] is kept sorted by seatPosition. */
  seatPosition: number;
  joinedAt: number;
  originalRole: RoleId | null;
  currentRole: RoleId | null;
  isReady: boolean;
  hasSubmitted: boolean;
  wantsPlayAgain: boolean;
  actionData: ActionPayload | null;
  /** Second action of a Role Copier that copied a role with an action. */
  copyActionData: ActionPayload | null;
  actionResult: ActionResult | null;
  /** Result shown during job_choice (Role Copier learns the copied card at once). */
  immediateResult: ActionResult | null;
  voteTarget: string | null;
  artifactId: string | null;
  convertedBy: string | null;
  stalkerTarget: string | null;
  stalkerMarked: boolean;
  isTappedByThing: boolean;
  protectedPlayer: string | null;
  /**
   * Transformation attached to the card the player holds (Investigator, Copier): overrides the card's team.
   * It travels with the card when the card moves during the night (docs/rules.md "Cards carry their attachments").
   */
  transformedTo: RoleId | null;
  /** Role Copier: the role copied at submission (the player acts and wakes as it). Absent/null otherwise. */
  copiedRole?: RoleId | null;
  /** Role Locker: the player whose card it shielded (docs/rules.md "Night order", step 1). Absent/null otherwise. */
  shieldedPlayer?: string | null;
  /** Open realtime connections of this player, counted by the gateways (presence; not a rule). */
  connections?: number;
  /** The gateways (instance ids) that hold a connection of this player; `connections` is their number then (presence; not a rule). */
  gateways?: string[];
  /**
   * Epoch ms until which the seat of a player who lost every connection during play is held for them
   * (docs/rules.md "Seat hold and autopilot"); null/absent when the seat is not held.
   */
  seatHeldUntil?: number | null;
  /** True while the autopilot plays this seat (its hold ran out and the player has not come back). */
  autopilot?: boolean;
}

/** The whole secret state of one game. Stored by game-engine, never sent to clients as is. */
export interface GameState {
  id: string;
  roomCode: string;
  hostId: string;
  phase: Phase;
  themeId: string;
  selectedRoles: RoleId[];
  settings: GameSettings;
  players: PlayerState[];
  /** Center cards: indexes 0-2; index 3 is the bad-guy pile when a Converter was dealt. */
  centerCards: RoleId[];
  /** Seed of the deal and of every random choice (docs/rules.md "Setup and deal"). Secret until results. */
  seed: string | null;
  /** Number of random draws made so far from the seed. */
  rngCounter: number;
  /**
   * SHA-256 (hex) of the seed, published from the deal on (docs/rules.md "Verifiable deal"); null in the lobby.
   * Absent in states stored before it existed.
   */
  seedCommitment?: string | null;
  /**
   * What the deal produced that the night may change, kept for its verification at results: the center cards
   * as dealt and the players whose card the super admin pre-assigned. Secret until results; null in the lobby.
   */
  dealRecord?: DealRecord | null;
  nightLog: NightLogEntry[];
  /** Public announcements produced by the night (Role Revealer), posted at discussion start. */
  announcements: Announcement[];
  voteResults: VoteResults | null;
  /** Epoch ms when the current phase must end (discussion, vote); null when it waits on players. */
  deadlineAt: number | null;
  phaseStartedAt: number;
  createdAt: number;
  /** Counts games played in this room (incremented by play again). */
  round: number;
  /** Counter used to name bots ("Bot 1", "Bot 2"...). */
  botCounter: number;
  /**
   * The custom roles this game may use (docs/rules.md "Custom roles"): set by the service with
   * `set_custom_roles` while in the lobby, frozen from the deal on. Absent in states stored before custom
   * roles existed (read as none).
   */
  customRoles?: CustomRoleDef[];
  /**
   * The super admin's pre-assignments in the lobby (docs/rules.md "Admin"): userId -> the card that
   * player WILL be dealt (taken from the selection). Secret (admin views only); cleared by the deal.
   */
  preassignedRoles?: Record<string, RoleId>;
  /**
   * userIds whose views are admin views (`playerView(..., {admin: true})`), kept by the service on the
   * gateway's word (`set_admin_viewer`). Not a rule and never part of a view.
   */
  adminViewers?: string[];
  /** The stored pack the host offered in this game (docs/rules.md "Theme offer"); kept across rounds. */
  sharedTheme?: SharedTheme | null;
  /** True from the host's offer until the lobby is re-entered. */
  themeOffered?: boolean;
  /** How long an absent player's seat is held, ms (docs/rules.md "Seat hold and autopilot"); absent = 60 000. */
  seatHoldMs?: number;
  /**
   * People watching the game without a seat (docs/rules.md "Spectators"): no role, no vote, no chat in play.
   * Absent in states stored before spectators existed (read as none).
   */
  spectators?: Spectator[];
  /** userIds the host removed from the lobby (docs/rules.md "Kick and leave"): they cannot join this room again. */
  kicked?: string[];
}

/**
 * A theme pack the host offered to the game (spec 000 section 7 `theme_shared`): a reference to the pack
 * stored by the theme service, never its bytes. Public: every player of the game sees it.
 */
export interface SharedTheme {
  /** The theme service's id of the host's stored theme. */
  storedThemeId: string;
  /** SHA-256 of the pack bytes (hex): the download address and the check of what was downloaded. */
  sha256: string;
  /** The theme's own id (`manifest.json` id), stored as the game's `themeId`. */
  themeId: string;
  name: string;
  description: string;
  /** Pack size in bytes. */
  sizeBytes: number;
  hostId: string;
}

/** A command applied to a game (spec 000 section 7 game_action, plus engine-internal commands). */
export type Command =
  | { type: 'join'; userId: string; displayName: string }
  | { type: 'update_role_selection'; userId: string; roles: RoleId[] }
  | { type: 'update_game_settings'; userId: string; discussionTime: number }
  | { type: 'add_bot'; userId: string; botUserId: string }
  | { type: 'remove_bot'; userId: string; botUserId: string }
  | { type: 'update_seating'; userId: string; newSeatingOrder: string[] }
  | { type: 'start_game'; userId: string }
  | { type: 'ready_next_phase'; userId: string }
  | { type: 'submit_action'; userId: string; action: ActionPayload }
  | { type: 'submit_vote'; userId: string; targetUserId: string }
  | { type: 'play_again'; userId: string }
  | { type: 'force_discussion_end'; userId: string }
  /** The host removes a human player from the lobby for good (docs/rules.md "Kick and leave"). */
  | { type: 'kick_player'; userId: string; targetUserId: string }
  /**
   * A player leaves the room from the lobby; a leaving host passes host rights on (docs/rules.md "Kick and
   * leave"). A spectator stops watching (any phase).
   */
  | { type: 'leave_game'; userId: string }
  /** Somebody starts watching the game without a seat, in any phase (docs/rules.md "Spectators"). */
  | { type: 'spectate'; userId: string; displayName: string }
  /**
   * Engine-internal: a deadline passed: the phase deadline (discussion -> vote, vote -> results) and/or a
   * seat hold (the autopilot takes the seat, docs/rules.md "Seat hold and autopilot").
   */
  | { type: 'deadline' }
  /**
   * Service-issued, never from a client: replaces the game's custom roles (lobby only; docs/rules.md
   * "Custom roles"). Selected or pre-assigned custom roles that are no longer defined are dropped.
   */
  | { type: 'set_custom_roles'; roles: CustomRoleInput[] }
  /**
   * Service-issued after the gateway checked that the caller is the super admin (docs/rules.md "Admin"):
   * in the lobby, the card `playerId` will be dealt ('' clears it); in role_deal, a card swap.
   */
  | { type: 'admin_set_player_role'; playerId: string; newRole: string }
  /** Service-issued: adds (`enabled`) or removes `userId` from `adminViewers`. */
  | { type: 'set_admin_viewer'; userId: string; enabled: boolean }
  /**
   * Service-issued after the gateway looked the pack up as the host's own stored theme (spec 000 section 7
   * `share_theme`; docs/rules.md "Theme offer").
   */
  | { type: 'share_theme'; userId: string; pack: Omit<SharedTheme, 'hostId'> };

/** Inputs from outside the pure engine. */
export interface CommandContext {
  /** Current time, epoch ms. */
  now: number;
  /** Fresh random seed (hex) from a CSPRNG, used as the game seed at start_game and for lobby bot roles. */
  seed: string;
  /**
   * SHA-256 (lower-case hex) of `seed`, computed by the service (the rules library imports no hash): stored
   * at start_game as the game's published commitment (docs/rules.md "Verifiable deal").
   */
  seedCommitment?: string;
}

/** The deal's record for its verification (docs/rules.md "Verifiable deal"). */
export interface DealRecord {
  /** The center cards as dealt (index 3: the bad-guy pile when a Converter was dealt). */
  center: RoleId[];
  /** Players whose card the super admin pre-assigned (not shuffled), in seat order. */
  preassigned: string[];
}

/** Event kinds, mapped 1:1 to the socket messages of spec 000 section 7. */
export type GameEventKind = 'game_updated' | 'player_joined' | 'phase_changed';

/** Kinds of system chat messages (docs/rules.md "Results, notices and announcements"). */
export type SystemMessageKind = 'revealer_announcement';

/**
 * A system chat message to post: its kind (a client labels it: 'Revealer Announcement') and the
 * announcement as a code (docs/rules.md "Message codes").
 */
export interface SystemMessage {
  messageType: 'system';
  kind: SystemMessageKind;
  announcement: Announcement;
}

/**
 * A toast for the acting user (docs/rules.md "Message codes"): `bot_added` names the bot and the role
 * added to the selection (a role id), the others have no parameters.
 */
export type Notice =
  | { code: 'bot_added'; params: { player: PlayerRef; role: RoleId } }
  | { code: 'bot_removed'; params: Record<string, never> }
  | { code: 'seating_updated'; params: Record<string, never> }
  | { code: 'role_updated'; params: Record<string, never> }
  /** The host removed a player from the lobby (docs/rules.md "Kick and leave"). */
  | { code: 'player_kicked'; params: { player: PlayerRef } };

/** Output of `applyCommand`. */
export interface CommandOutcome {
  state: GameState;
  /** The socket message kind to broadcast for this change. */
  event: GameEventKind;
  /** System chat messages to post (the Revealer's announcements), in order. */
  systemMessages: SystemMessage[];
  /** Toast-worthy note for the acting user, e.g. `bot_added` naming the role given. */
  notice?: Notice;
  /** Players this change took out of the game (kicked by the host, or left): they get no view any more. */
  removed?: RemovedPlayer[];
}

/** Somebody watching a game (docs/rules.md "Spectators"). */
export interface Spectator {
  userId: string;
  displayName: string;
  joinedAt: number;
}

/** A player a change took out of the game, and why (docs/rules.md "Kick and leave"). */
export interface RemovedPlayer {
  userId: string;
  reason: 'kicked' | 'left';
}

/** What a player may see of another player (and of themselves) at this phase. */
export interface PublicPlayer {
  userId: string;
  displayName: string;
  seatPosition: number;
  isBot: boolean;
  isHost: boolean;
  isReady: boolean;
  hasSubmitted: boolean;
  hasVoted: boolean;
  wantsPlayAgain: boolean;
  /** True while the player has an open connection (bots are always online). */
  online: boolean;
  /** Epoch ms until which the seat is held for its absent player (docs/rules.md "Seat hold and autopilot"); null otherwise. */
  seatHeldUntil: number | null;
  /** True while the autopilot plays the seat of its absent player. */
  autopilot: boolean;
  /** Only in results (or for admins): everything is revealed then. */
  originalRole?: RoleId | null;
  currentRole?: RoleId | null;
  voteTarget?: string | null;
  artifactId?: string | null;
  stalkerTarget?: string | null;
  protectedPlayer?: string | null;
  finalTeam?: Team;
  /** Results/admin only: the Converter who converted this player. */
  convertedBy?: string | null;
  /** Results/admin only: the role a Role Copier copied. */
  copiedRole?: RoleId | null;
  /** Results/admin only: transformation attached to the final card. */
  transformedTo?: RoleId | null;
  /** Results/admin only: the player a Role Locker shielded. */
  shieldedPlayer?: string | null;
  /** Results/admin only: the Stalker's target mark. */
  stalkerMarked?: boolean;
  /** Results/admin only: tapped by the Tapper. */
  isTappedByThing?: boolean;
  /** Results/admin only: the night action submitted (a Role Copier: its copy). */
  action?: ActionPayload | null;
  /** Results/admin only: a Role Copier's second action. */
  copyAction?: ActionPayload | null;
}

/** Night information screen content (spec 000 section 2 "Per-role information screens"). */
export interface NightInfo {
  /** Fellow wolves (for wolves; for the Helper: the wolves). */
  badGuys?: Array<{ userId: string; displayName: string; role: RoleId }>;
  /** Other Mutual Knowers. */
  mutualKnowers?: Array<{ userId: string; displayName: string }>;
  /** Who was dealt Role Looker (Seer Knower). */
  roleLookers?: Array<{ userId: string; displayName: string }>;
  /** True for a Bad Guy who is the only waking wolf: may view one center card. */
  loneWolf?: boolean;
}

/** Everything one viewer may see, produced by `playerView(state, viewerId)`. */
export interface GameView {
  game: {
    id: string;
    roomCode: string;
    hostId: string;
    phase: Phase;
    themeId: string;
    selectedRoles: RoleId[];
    settings: GameSettings;
    deadlineAt: number | null;
    phaseStartedAt: number;
    /** Roles minus players (spec 000 section 2 "Discussion view"). */
    centerCount: number;
    /** Roles the selection needs to start: players + 3 (docs/rules.md "Setup and deal"). */
    requiredRoleCount: number;
    round: number;
    /** Results phase only. */
    voteResults: VoteResults | null;
    /** Results phase only. */
    nightLog: NightLogEntry[] | null;
    /** Results phase only (docs/rules.md "Setup and deal"). */
    seed: string | null;
    /** SHA-256 (hex) of the seed, public from the deal on; null in the lobby (docs/rules.md "Verifiable deal"). */
    seedCommitment: string | null;
    /** Results phase only: the center as dealt and the pre-assigned seats (docs/rules.md "Verifiable deal"). */
    deal: DealRecord | null;
    /** Results phase only, or admin. */
    centerCards: RoleId[] | null;
    /** The game's custom roles (public; docs/rules.md "Custom roles"): names, teams, texts, images. */
    customRoles: CustomRoleView[];
    /** Admin only (docs/rules.md "Admin"): the lobby's pre-assignments, userId -> card; null otherwise. */
    preassignedRoles: Record<string, RoleId> | null;
    /** The pack the host offered in this game, or null (docs/rules.md "Theme offer"). */
    sharedTheme: SharedTheme | null;
    /** True while the host's offer stands (from the deal until the lobby is re-entered). */
    themeOffered: boolean;
    /** How many people watch the game without a seat (docs/rules.md "Spectators"). */
    spectatorCount: number;
  };
  players: PublicPlayer[];
  /** True when the viewer watches the game without a seat (docs/rules.md "Spectators"); absent otherwise. */
  spectating?: true;
  /** The viewer's own secrets; null when the viewer is not a player of the game. */
  me: {
    userId: string;
    isHost: boolean;
    /** Dealt role; null in lobby. */
    originalRole: RoleId | null;
    nightInfo: NightInfo | null;
    /** The viewer's submitted action (own data only). */
    action: ActionPayload | null;
    copyAction: ActionPayload | null;
    /** Result shown during job_choice (Role Copier). */
    immediateResult: ActionResult | null;
    /** Night result, from role_resolve on. */
    actionResult: ActionResult | null;
    /** Role the viewer has learned it holds now (Thief, Self-Checker...), from role_resolve on. */
    knownCurrentRole: RoleId | null;
    stalkerMarked: boolean;
    isTappedByThing: boolean;
    artifactId: string | null;
    voteTarget: string | null;
    /** Action types the viewer may submit now (empty when none). */
    allowedActions: ActionType[];
    /** The players the viewer may vote for now (every other player during `vote`; empty otherwise). */
    voteTargets: string[];
    /**
     * Valid target userIds per allowed action type that takes player targets (job_choice only): e.g. the
     * Tapper's adjacent seats, the Converter's non-bad-guys, `investigate_players` candidates.
     */
    validTargets?: Partial<Record<ActionType, string[]>>;
    /** Role Copier after copying: the copied role (it acts and wakes as it); null otherwise. */
    copiedRole?: RoleId | null;
  } | null;
}
