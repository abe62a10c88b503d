import type { LIMITS as PROTOCOL_LIMITS } from '@nightfall/protocol';

type ProtocolLimits = typeof PROTOCOL_LIMITS;
type UsedLimit =
  | 'chatMaxLength'
  | 'displayNameMaxLength'
  | 'roomCodeLength'
  | 'discussionTimeMin'
  | 'discussionTimeMax'
  | 'discussionTimeStep'
  | 'pingIntervalMs'
  | 'reconnectAttempts'
  | 'reconnectBaseDelayMs'
  | 'reconnectMaxDelayMs'
  | 'sessionRestoreWindowMs';

/**
 * The protocol's LIMITS that the browser uses. They are copied rather than imported because the protocol
 * module builds zod schemas at load time (~25 KB gzip the app does not need); `satisfies` against the
 * literal types of the protocol's LIMITS fails the type check as soon as the two drift apart.
 */
export const LIMITS = {
  chatMaxLength: 200,
  displayNameMaxLength: 50,
  roomCodeLength: 6,
  discussionTimeMin: 60,
  discussionTimeMax: 600,
  discussionTimeStep: 60,
  pingIntervalMs: 30_000,
  reconnectAttempts: 5,
  reconnectBaseDelayMs: 2_000,
  reconnectMaxDelayMs: 30_000,
  sessionRestoreWindowMs: 1_800_000,
} as const satisfies Pick<ProtocolLimits, UsedLimit>;
