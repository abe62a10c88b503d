import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { errors, type Msg } from '@nats-io/transport-node';
import { SERVICE_UNAVAILABLE_BODY } from '@nightfall/protocol';
import { countNatsDelivery, currentTrace, GrpcStatus, isDatabaseUnavailable, NatsClient, rpcError, startOperation, traceHeaders, traceOfHeaders } from '@nightfall/server-kit';
import { GAME_ENV, type GameEnv } from '../env.js';
import { GameStore, NotOwnerError, OwnershipLostError } from '../store/game-store.service.js';

/** A call forwarded to the engine that owns the game: the gRPC method's name and its request. */
export interface ForwardedCall {
  method: string;
  req: unknown;
}

/** What the owner answers on NATS: the result, the RPC error, or "not mine (any more): route again". */
type ForwardedAnswer = { ok: unknown } | { rpc: { code: number; message: string } } | { retry: true };

/** Serves a forwarded call on the owner (the gRPC controller registers it). */
export type ForwardHandler = (call: ForwardedCall) => Promise<unknown>;

/** Subject on which engine `engineId` answers forwarded calls. */
export const engineSubject = (engineId: string): string => `engine.${engineId}.call`;

/** How long one forwarded call may take, ms. */
const FORWARD_TIMEOUT_MS = 5000;

class RouteAgain extends Error {}

/**
 * Routes each game call to the engine replica that owns the game (docs/hot-path.md "Routing"). A call
 * arriving at a replica that does not own the game takes the game over when no live engine holds it,
 * or is forwarded once, over NATS request/reply, to the owner's subject. When the owner is gone (no
 * responder) the call waits for its lease to lapse and takes the game over: a call never fails because
 * one replica died, it waits at most ENGINE_LEASE_MS + 2 s, then answers UNAVAILABLE.
 */
@Injectable()
export class GameRouter implements OnApplicationBootstrap {
  private readonly logger = new Logger(GameRouter.name);
  private handler: ForwardHandler | null = null;

  constructor(
    private readonly store: GameStore,
    private readonly nats: NatsClient,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  /** Registers the function that serves calls forwarded by other replicas. */
  serve(handler: ForwardHandler): void {
    this.handler = handler;
  }

  /** Subscribes to this engine's subject once NATS is connected (in the background). */
  onApplicationBootstrap(): void {
    void this.nats
      .connection()
      .then(async (nc) => {
        nc.subscribe(engineSubject(this.store.engineId), { callback: (err, msg) => (err ? undefined : void this.answer(msg)) });
        await nc.flush();
      })
      .catch(() => undefined);
  }

  /**
   * Runs `local` on this replica when it owns (or can take over) the game, else forwards `call` to the owner.
   * @param forwarded true when `call` came from another replica: it is not forwarded again
   * @throws what `local` or the owner throws; UNAVAILABLE SERVICE_UNAVAILABLE when no replica can serve the game in time
   */
  async run<T>(gameId: string, call: ForwardedCall, local: () => Promise<T>, forwarded = false): Promise<T> {
    const giveUpAt = Date.now() + this.env.ENGINE_LEASE_MS + 2000;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.store.own(gameId);
        return await local();
      } catch (err) {
        // PostgreSQL away (a restart): 503, which the gateway retries for commands that name their id
        if (isDatabaseUnavailable(err)) throw unavailable();
        if (!(err instanceof NotOwnerError || err instanceof OwnershipLostError)) throw err;
        if (forwarded || Date.now() > giveUpAt) throw forwarded ? new RouteAgain() : unavailable();
        if (err instanceof NotOwnerError && err.ownerId) {
          try {
            return (await this.forward(err.ownerId, call)) as T;
          } catch (e) {
            if (!(e instanceof RouteAgain)) throw e;
            this.store.forgetOwner(gameId);
          }
        }
      }
      await new Promise((r) => setTimeout(r, attempt === 0 ? 10 : 100));
    }
  }

  private async forward(ownerId: string, call: ForwardedCall): Promise<unknown> {
    const nc = await this.nats.connection();
    let reply: Msg;
    try {
      // the caller's trace context travels in the headers (docs/architecture.md "Metrics and traces")
      const trace = currentTrace();
      reply = await nc.request(engineSubject(ownerId), JSON.stringify(call), { timeout: FORWARD_TIMEOUT_MS, ...(trace ? { headers: traceHeaders(trace) } : {}) });
    } catch (err) {
      // no responder: the owner is gone; wait for its lease to lapse, then take the game over
      // (nats.js wraps it: a RequestError whose cause is NoRespondersError)
      if (err instanceof errors.RequestError && err.isNoResponders()) throw new RouteAgain();
      this.logger.warn(`forwarded ${call.method} to ${ownerId} failed: ${(err as Error).message}`);
      throw unavailable();
    }
    const answer = reply.json<ForwardedAnswer>();
    if ('ok' in answer) return answer.ok;
    if ('rpc' in answer) throw new RpcException(answer.rpc);
    throw new RouteAgain();
  }

  private async answer(msg: Msg): Promise<void> {
    countNatsDelivery(msg.subject);
    const op = startOperation({ name: 'nats.serve engine.call', kind: 'server', attributes: { 'messaging.system': 'nats' } }, traceOfHeaders(msg.headers));
    let out: ForwardedAnswer;
    try {
      if (!this.handler) throw new RouteAgain();
      const handler = this.handler;
      out = { ok: (await op.run(() => handler(msg.json<ForwardedCall>()))) ?? null };
    } catch (err) {
      if (err instanceof RouteAgain || err instanceof NotOwnerError || err instanceof OwnershipLostError) out = { retry: true };
      else if (err instanceof RpcException) out = { rpc: err.getError() as { code: number; message: string } };
      else {
        this.logger.error(`forwarded call failed: ${(err as Error).message}`);
        out = { rpc: unavailable().getError() as { code: number; message: string } };
      }
    }
    op.end('ok' in out ? undefined : 'not answered');
    msg.respond(JSON.stringify(out));
  }
}

/** UNAVAILABLE with the common SERVICE_UNAVAILABLE body (the client may retry). */
function unavailable(): RpcException {
  return rpcError(GrpcStatus.UNAVAILABLE, SERVICE_UNAVAILABLE_BODY);
}
