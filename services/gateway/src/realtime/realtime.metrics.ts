import { AsyncLocalStorage } from 'node:async_hooks';
import type { Msg } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { counter, countNatsDelivery, debugLogging, gauge, histogram, startOperation, traceOfHeaders, tracingEnabled, type Operation } from '@nightfall/server-kit';

/**
 * The gateway's realtime metrics (docs/architecture.md "Metrics and traces"). The hot path only increments and
 * observes label children made here once; nothing is allocated per game.
 */

/** Client message types counted under their own name; anything else is `invalid`. */
const TYPES = ['join_game', 'game_action', 'ping', 'invalid'] as const;
type MessageType = (typeof TYPES)[number];
/** How a socket message ended: answered normally, refused (bad input, rules), failed (an upstream fault) or rate-limited. */
export type MessageOutcome = 'ok' | 'rejected' | 'error' | 'rate_limited';
const OUTCOMES: readonly MessageOutcome[] = ['ok', 'rejected', 'error', 'rate_limited'];

const messages = counter('nightfall_gateway_socket_messages_total', 'Socket messages received, by client message type and outcome (ok, rejected, error, rate_limited).', ['type', 'outcome']);
const messageChildren = Object.fromEntries(TYPES.map((t) => [t, Object.fromEntries(OUTCOMES.map((o) => [o, messages.labels(t, o)]))])) as Record<MessageType, Record<MessageOutcome, { inc(): void }>>;
const sockets = gauge('nightfall_gateway_sockets', 'Authenticated WebSockets open on this gateway (players connected).');
const actionToView = histogram('nightfall_gateway_action_to_view_seconds', 'Time from a game_action frame received to the next view of that game sent on the same socket, s (goal: p95 under 0.1).');

/** Per-socket fields the metrics keep (on SocketState). */
export interface SocketMetricsState {
  /** `performance.now()` (ms) of the oldest game_action not yet followed by a view on this socket; absent when none. */
  actionAt?: number;
}

const logger = new Logger('Socket');

/** The outcome of the socket message being handled (per message, through its async continuations). */
const scope = new AsyncLocalStorage<{ outcome: MessageOutcome }>();

const TYPE_OF_FRAME = /"type"\s*:\s*"([a-z_]{1,20})"/;

/** Authenticated sockets opened (positive) or closed (negative), a count. */
export function countSocket(delta: number): void {
  sockets.inc(delta);
}

/** Records how the socket message being handled ends (the last call wins; a later 'ok' does not undo a refusal). */
export function markOutcome(outcome: MessageOutcome): void {
  const s = scope.getStore();
  if (s && s.outcome === 'ok') s.outcome = outcome;
}

/**
 * Handles one socket frame under its metrics and trace context: counts it by type and outcome, starts the
 * action-to-view clock for a game_action (cleared again when the action is refused or fails), and runs
 * `handle` as a SERVER operation with a new request id and trace (docs/architecture.md "Metrics and traces").
 * A ping is only counted.
 * @param st the socket's state (its pending action time)
 * @param raw the frame as received (its `type` is read with a regex, not parsed)
 */
export async function observeSocketMessage(st: SocketMetricsState, raw: unknown, handle: () => Promise<void>): Promise<void> {
  const m = typeof raw === 'string' ? TYPE_OF_FRAME.exec(raw) : null;
  const type: MessageType = m && (TYPES as readonly string[]).includes(m[1]!) ? (m[1] as MessageType) : 'invalid';
  if (type === 'ping') {
    messageChildren.ping.ok.inc();
    return handle();
  }
  const started = type === 'game_action' && st.actionAt === undefined ? performance.now() : undefined;
  if (started !== undefined) st.actionAt = started;
  const state = { outcome: 'ok' as MessageOutcome };
  const op: Operation = startOperation({ name: `ws ${type}`, kind: 'server', attributes: { 'messaging.operation': type } }, { traceparent: null, requestId: null });
  try {
    await op.run(() => scope.run(state, handle));
  } catch (err) {
    state.outcome = 'error';
    throw err;
  } finally {
    messageChildren[type][state.outcome].inc();
    if (state.outcome !== 'ok' && started !== undefined && st.actionAt === started) st.actionAt = undefined;
    op.end(state.outcome === 'error' ? 'error' : undefined);
    // one line per message at debug level only, carrying its traceId and requestId
    if (debugLogging) op.run(() => logger.debug(`ws ${type} ${state.outcome}`));
  }
}

/** A view was sent on a socket: observes the action-to-view time when an action was waiting for it. */
export function viewSent(st: SocketMetricsState): void {
  if (st.actionAt === undefined) return;
  actionToView.observe((performance.now() - st.actionAt) / 1000);
  st.actionAt = undefined;
}

/**
 * A view batch arrived from NATS (once per change, whatever the number of sockets): counted, and with tracing on a
 * CONSUMER span continuing the trace of the command that produced it (its `traceparent` header).
 */
export function viewDelivered(msg: Msg): void {
  countNatsDelivery(msg.subject);
  if (tracingEnabled()) startOperation({ name: 'nats.deliver game.views', kind: 'consumer', attributes: { 'messaging.system': 'nats' } }, traceOfHeaders(msg.headers)).end();
}
