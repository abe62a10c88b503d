/**
 * `@nightfall/protocol/schemas`: the zod schemas of the wire protocol (spec 000 section 7, spec 001
 * section 7), validated by the gateway and the game engine. The only module of the package that
 * imports zod: the browser imports the main entry (types, constants, helpers) and, for the types
 * derived here, type-only imports that leave no zod code in the bundle.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';

const id = z.string().min(1).max(64);

const actionPayload = z
  .object({
    type: z.enum([
      'view_player', 'view_center', 'view_werewolf_pile', 'view_center_card', 'rob_player', 'target_player',
      'swap_players', 'swap_center', 'assign_artifact', 'copy_role', 'convert_player', 'protect_player',
      'protect_from_death', 'tap_player', 'reveal_player', 'investigate_players', 'shift_cards', 'view_and_swap',
      'pass', 'swap_with_center', 'no_action',
    ]),
    targetUserId: id.optional(),
    positions: z.array(z.number().int()).max(3).optional(),
    centerIndex: z.number().int().optional(),
    player1UserId: id.optional(),
    player2UserId: id.optional(),
    artifactId: z.string().max(64).optional(),
    targetUserIds: z.array(id).max(2).optional(),
    direction: z.enum(['left', 'right']).optional(),
  })
  .strict();

/** `game_action` data per action (spec 000 section 7). */
export const gameActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update_role_selection'), data: z.object({ roles: z.array(z.string().max(64)).max(40) }) }),
  z.object({ action: z.literal('start_game'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('submit_action'), data: actionPayload }),
  z.object({ action: z.literal('submit_vote'), data: z.object({ targetUserId: id }) }),
  z.object({ action: z.literal('ready_next_phase'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('play_again'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('update_game_settings'), data: z.object({ discussionTime: z.number().int() }) }),
  z.object({ action: z.literal('add_bot'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('remove_bot'), data: z.object({ botUserId: id }) }),
  z.object({ action: z.literal('send_message'), data: z.object({ content: z.string().max(2000) }) }),
  z.object({ action: z.literal('force_discussion_end'), data: z.object({ gameId: z.string().optional() }).optional() }),
  // docs/rules.md "Kick and leave": the host removes a player from the lobby; a player leaves the lobby
  z.object({ action: z.literal('kick_player'), data: z.object({ targetUserId: id }) }),
  z.object({ action: z.literal('leave_game'), data: z.object({}).passthrough().optional() }),
  // The host names one of its stored themes (the theme service's id); the gateway looks the rest up.
  z.object({ action: z.literal('share_theme'), data: z.object({ themePack: z.object({ id: z.string().min(1).max(64) }).passthrough() }) }),
]);

const joinGameMessageSchema = z.object({ type: z.literal('join_game'), gameId: z.string().uuid(), userId: id });
const pingMessageSchema = z.object({ type: z.literal('ping') }).passthrough();
const gameActionHeader = z.object({ type: z.literal('game_action'), gameId: z.string().uuid(), userId: id, commandId: id.optional() });
// The message's fields extended with each action's: the messages, the output and the first issue of the intersection
// `gameActionHeader.and(gameActionSchema)`, without zod merging two parse results on every frame (docs/hot-path.md
// "The fifteenth machine"). protocol.spec.ts checks both accept and refuse the same messages.
const gameActionMessageOptions = gameActionSchema.options.map((o: z.ZodObject) => gameActionHeader.extend(o.shape));
const gameActionMessageSchema = z.discriminatedUnion('action', gameActionMessageOptions as [z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<
  z.infer<typeof gameActionHeader> & GameAction
>;

/**
 * Every message a client may send on /ws (spec 000 section 7). A `game_action` may carry `commandId`, the
 * client's id of that action (1-64 characters, e.g. a UUID): sent again after a reconnect or an unavailable
 * service, it is applied once (docs/faults.md "Commands applied once").
 */
export const clientMessageSchema = z.union([joinGameMessageSchema, pingMessageSchema, gameActionMessageSchema]);

const MESSAGE_SCHEMAS: Record<string, z.ZodType<ClientMessage>> = { join_game: joinGameMessageSchema, ping: pingMessageSchema, game_action: gameActionMessageSchema };
const ACTION_NAMES: ReadonlySet<string> = new Set(gameActionSchema.options.map((o) => o.shape.action.value));
/** At most this much of a client's own text is quoted back in a refusal. */
const QUOTE_MAX = 40;
const quote = (s: string) => JSON.stringify(s.length > QUOTE_MAX ? `${s.slice(0, QUOTE_MAX)}...` : s);

/**
 * Parses one client message (the branch of {@link clientMessageSchema} its `type` names), and says in one line what is wrong with a refused
 * one (the socket's INVALID_MESSAGE error): not an object, an unknown `type` or `action`, or the first bad field
 * with its path ('data.targetUserId: Invalid input: expected string, received undefined'). The union alone
 * would only say 'Invalid input' for most of them.
 */
export function parseClientMessage(value: unknown): { success: true; data: ClientMessage } | { success: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false, error: 'A message must be a JSON object' };
  const { type, action } = value as { type?: unknown; action?: unknown };
  const schema = typeof type === 'string' && Object.hasOwn(MESSAGE_SCHEMAS, type) ? MESSAGE_SCHEMAS[type]! : null;
  if (!schema) return { success: false, error: typeof type === 'string' ? `Unknown message type ${quote(type)}` : 'type: expected join_game, game_action or ping' };
  if (type === 'game_action' && !(typeof action === 'string' && ACTION_NAMES.has(action))) {
    return { success: false, error: typeof action === 'string' ? `Unknown action ${quote(action)}` : 'action: expected the name of an action' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { success: false, error: 'Invalid message' };
  return { success: false, error: issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message };
}

/** A `game_action`'s name and data, as the client sends it (derived from {@link gameActionSchema}). */
export type GameAction = z.infer<typeof gameActionSchema>;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type GameActionMessage = Extract<ClientMessage, { type: 'game_action' }>;
export type GameActionName = GameAction['action'];

/** POST /api/rooms/join body (spec 001 section 5). displayName is omitted for signed-in users. */
export const joinRoomSchema = z.object({
  roomCode: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, 'Please enter a room code').max(LIMITS.roomCodeLength)),
  displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional(),
  /** Watch the game without a seat, in any phase (docs/rules.md "Spectators"). */
  spectator: z.boolean().optional(),
});

/** POST /api/rooms/create body: nothing required (identity comes from the session). */
export const createRoomSchema = z.object({ displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional() }).passthrough();

/** POST /api/games/{gameId}/seating body (spec 000 section 7). */
export const seatingSchema = z.object({ userId: id.optional(), newSeatingOrder: z.array(id).min(1).max(LIMITS.maxPlayers) });

/** POST /api/auth/signup and /api/auth/login body (spec 001 section 7). */
export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email').max(255),
  password: z.string().max(256).optional(),
  displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional(),
});

/* ---------- admin console (spec 001 sections 2, 5 and 7): /api/admin/* ---------- */

/** `page` and `pageSize` of an admin list query (1-based page; 1-100 rows, default 20). */
const pageQuery = {
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page must be 100000 or less')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(20),
};
/** The search box ('Search by email or user ID...'): part of an e-mail or a whole id. */
const search = z.string({ error: 'search must be text' }).trim().max(255, 'Search must be 255 characters or less').default('');

/** GET /api/admin/users?search=&page=&pageSize= */
export const adminUsersQuerySchema = z.object({ search, ...pageQuery });

/** GET /api/admin/entitlements?status=&search=&page=&pageSize= (status '' or all = every status). */
export const adminEntitlementsQuerySchema = z.object({
  status: z
    .enum(['', 'all', 'active', 'revoked', 'expired'], { error: 'status must be active, revoked or expired' })
    .default('')
    .transform((s) => (s === 'all' ? '' : s)),
  search,
  ...pageQuery,
});

/** GET /api/admin/audit-log?page=&pageSize= */
export const auditLogQuerySchema = z.object(pageQuery);

/** POST /api/admin/grant-entitlement body (spec 001 "Entitlements page": e-mail required; type host; tier permanent or pass_48h). */
export const grantEntitlementSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(255, 'Email must be 255 characters or less')
    .email('Please enter a valid email'),
  type: z.literal('host', { error: 'Only host entitlements can be granted' }).default('host'),
  tier: z.enum(['permanent', 'pass_48h'], { error: 'Tier must be permanent or pass_48h' }),
});

/** POST /api/admin/toggle-admin body: the user's e-mail. */
export const toggleAdminSchema = z.object({
  userIdentifier: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(255, 'Email must be 255 characters or less'),
});

/** The night order of a custom role: parsed as an integer, else 0 (spec 001 section 5); outside int32 is 0. */
export function parseNightOrder(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return 0;
  const i = Math.trunc(n);
  return i >= -2_147_483_648 && i <= 2_147_483_647 ? i : 0;
}

/**
 * POST /api/admin/custom-roles and PATCH /api/admin/custom-roles/{id} body (the whole form). The shape
 * is checked here; the rules with the spec's texts ('Base name is required', 'All theme titles are
 * required' / 'Missing titles for: ...', base name <= 100, team <= 50) are the admin service's.
 */
export const customRoleSchema = z.object({
  baseName: z.string({ error: 'baseName must be text' }).default(''),
  team: z.string({ error: 'team must be text' }).default('villager'),
  abilities: z.string({ error: 'abilities must be text' }).default(''),
  nightOrder: z.union([z.number(), z.string(), z.null()], { error: 'nightOrder must be a number' }).optional().transform(parseNightOrder),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  themeVariants: z
    .record(
      z.string().max(64, 'theme ids are at most 64 characters'),
      z.object({
        title: z.string({ error: 'theme titles must be text' }).default(''),
        imageUrl: z.string({ error: 'image URLs must be text' }).nullish().transform((u) => u ?? ''),
      }),
      { error: 'themeVariants must map theme ids to {title, imageUrl}' },
    )
    .default({}),
});

/** A theme named in a theme request: a theme id (up to 64 characters) or a stored theme's id. */
const themeRef = z
  .string({ error: 'Theme is required' })
  .trim()
  .min(1, 'Theme is required')
  .max(64, 'Theme id must be 64 characters or less');

/** POST /api/me/theme body (spec 001 section 7): 'generic', a theme id, or a stored theme's id (a host's theme from a game). */
export const setUserThemeSchema = z.object({ themeId: themeRef });

/** POST /api/admin/theme body (spec 001 section 7): the global default theme, 'generic' or a stored theme. */
export const setAdminThemeSchema = z.object({ theme: themeRef });

/**
 * GET /api/history?cursor=&limit= (docs/architecture.md "History and replay"): `cursor` is a `nextCursor` of an
 * earlier page ('' or absent: the newest rounds), `limit` 1-50 rounds (default 20).
 */
export const historyQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor must be at most 200 characters').regex(/^[A-Za-z0-9_-]*$/, 'cursor is not a history cursor').default(''),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be 1 or more').max(50, 'limit must be 50 or less').default(20),
});
