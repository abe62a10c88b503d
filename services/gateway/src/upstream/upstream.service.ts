import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ClientProxyFactory, type ClientGrpc, type ClientGrpcProxy } from '@nestjs/microservices';
import pRetry from 'p-retry';
import { adminV1, billingV1, gameV1, identityV1, themeV1 } from '@nightfall/contracts';
import type { GameSnapshot } from '@nightfall/protocol';
import { counter, grpcClientOptions, isUnavailable, unaryClient, type UnaryClient } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { CommandStream } from './command-stream.js';

/** A game-engine client whose RPCs return promises. */
export type GameClient = UnaryClient<gameV1.GameServiceClient>;

/** Injection tokens of the gRPC clients. */
export const IDENTITY_CLIENT = 'IDENTITY_CLIENT';
export const BILLING_CLIENT = 'BILLING_CLIENT';
export const GAME_CLIENT = 'GAME_CLIENT';
export const ADMIN_CLIENT = 'ADMIN_CLIENT';
export const THEME_CLIENT = 'THEME_CLIENT';

/** Games whose owning engine this gateway remembers, at most (the oldest is forgotten first). */
const OWNERS_MAX = 100_000;
/** Clients kept for engine replicas' own addresses, at most. */
const ENGINE_CLIENTS_MAX = 64;

/** Commands sent to game-engine, by path: `stream` (the owner's command stream) or `unary` (an ExecuteCommand call). */
const commandsSent = counter('nightfall_gateway_commands_total', "Commands sent to game-engine (attempts), by path: stream (on the owner's command stream) or unary (an ExecuteCommand call, the owner not known yet or COMMAND_PATH 'unary').", ['path']);
const onStream = commandsSent.labels('stream');
const onUnary = commandsSent.labels('unary');

/** The clients of one engine replica's own address: unary calls, and the command stream (COMMAND_PATH 'stream'). */
interface Engine {
  proxy: ClientGrpcProxy;
  game: GameClient;
  commands: CommandStream | null;
}

/**
 * Typed access to the identity, billing, game-engine, admin and theme services over gRPC: each client's RPCs
 * return promises and run straight on grpc-js (`unaryClient`, docs/hot-path.md "Every gateway call straight on grpc-js").
 * Every call has a deadline (UPSTREAM_TIMEOUT_MS unless the call names its own, in ms) and rejects with a
 * decoded `RemoteError`: the service's own ErrorBody, or SERVICE_UNAVAILABLE (HTTP 503) when the service is
 * down or too slow.
 *
 * Calls on an existing game go to the game-engine replica that owns it when a view told this gateway its
 * address ({@link gameOf}; docs/hot-path.md "Routing"); otherwise to any replica (GAME_GRPC_TARGET,
 * round-robin), which forwards to the owner.
 */
@Injectable()
export class UpstreamService implements OnModuleInit, OnModuleDestroy {
  identity!: UnaryClient<identityV1.IdentityServiceClient>;
  billing!: UnaryClient<billingV1.BillingServiceClient>;
  /** Any game-engine replica (round-robin); calls on an existing game go through {@link callGame}. */
  game!: GameClient;
  admin!: UnaryClient<adminV1.AdminServiceClient>;
  theme!: UnaryClient<themeV1.ThemeServiceClient>;
  private readonly owners = new Map<string, string>();
  private readonly engines = new Map<string, Engine>();

  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identityClient: ClientGrpc,
    @Inject(BILLING_CLIENT) private readonly billingClient: ClientGrpc,
    @Inject(GAME_CLIENT) private readonly gameClient: ClientGrpc,
    @Inject(ADMIN_CLIENT) private readonly adminClient: ClientGrpc,
    @Inject(THEME_CLIENT) private readonly themeClient: ClientGrpc,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  onModuleInit(): void {
    const ms = this.env.UPSTREAM_TIMEOUT_MS;
    this.identity = unaryClient(this.identityClient, identityV1.IDENTITY_SERVICE_NAME, ms);
    this.billing = unaryClient(this.billingClient, billingV1.BILLING_SERVICE_NAME, ms);
    this.game = unaryClient(this.gameClient, gameV1.GAME_SERVICE_NAME, ms);
    this.admin = unaryClient(this.adminClient, adminV1.ADMIN_SERVICE_NAME, ms);
    this.theme = unaryClient(this.themeClient, themeV1.THEME_SERVICE_NAME, ms);
  }

  /**
   * The game-engine client for calls on `gameId`: the owner's own when known, else the shared one.
   * @param gameId the game the call is about
   */
  gameOf(gameId: string): GameClient {
    return this.engineOf(gameId)?.game ?? this.game;
  }

  /** The client of the engine that owns `gameId` when known (made on first use), else null. */
  private engineOf(gameId: string): Engine | null {
    const address = this.owners.get(gameId);
    if (!address) return null;
    let engine = this.engines.get(address);
    if (!engine) {
      if (this.engines.size >= ENGINE_CLIENTS_MAX) this.closeEngine(this.engines.keys().next().value!);
      const proxy = ClientProxyFactory.create(grpcClientOptions(address, 'game', address, { callerToken: this.env.GRPC_CALLER_TOKEN }) as never) as ClientGrpcProxy;
      const commands = this.env.COMMAND_PATH === 'stream' ? new CommandStream(proxy, this.env.UPSTREAM_TIMEOUT_MS) : null;
      const unary = unaryClient<gameV1.GameServiceClient>(proxy, gameV1.GAME_SERVICE_NAME, this.env.UPSTREAM_TIMEOUT_MS);
      engine = { proxy, game: commands ? streamedClient(unary, commands) : unary, commands };
      this.engines.set(address, engine);
    }
    return engine;
  }

  /**
   * ExecuteCommand, the hottest call (one per player action): sent to the game's owner when known, as a message
   * on this gateway's command stream to it (docs/hot-path.md "Commands on an open stream"; a unary call with
   * COMMAND_PATH 'unary'), else as a unary call to any replica (no retry machinery on the first attempt;
   * docs/hot-path.md "Leaner calls"). A command that names its command id is sent again while game-engine is
   * unavailable, until `retryMs` (ms) after the first attempt, with exponential backoff from 100 ms (p-retry);
   * the engine applies it once (docs/faults.md "Commands applied once").
   * @throws RemoteError: the engine's ErrorBody, or SERVICE_UNAVAILABLE
   */
  async executeCommand(req: gameV1.ExecuteCommandRequest, retryMs: number): Promise<gameV1.ExecuteCommandResponse> {
    const once = () =>
      this.onOwner(req.gameId, () => {
        const engine = this.engineOf(req.gameId);
        if (engine?.commands) {
          onStream.inc();
          return engine.commands.execute(req);
        }
        onUnary.inc();
        return (engine?.game ?? this.game).executeCommand(req);
      });
    return whileUnavailable(once, req.commandId ? retryMs : 0);
  }

  /**
   * Remembers the gRPC address of the replica that owns a game (from a view's header).
   * @param address `host:port`
   */
  noteOwner(gameId: string, address: string): void {
    if (this.owners.get(gameId) === address) return;
    this.owners.delete(gameId);
    if (this.owners.size >= OWNERS_MAX) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(gameId, address);
  }

  /**
   * Awaits one call on a game, sent to its owner when known ({@link gameOf}); an unavailable owner is
   * forgotten, so the next call goes to any replica. @throws RemoteError
   */
  callGame<T>(gameId: string, request: (game: GameClient) => Promise<T>): Promise<T> {
    return this.onOwner(gameId, () => request(this.gameOf(gameId)));
  }

  /** Awaits `call` (a call on the game's owner); when it fails as unavailable, the owner is forgotten. @throws what `call` throws */
  private async onOwner<T>(gameId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (isUnavailable(err)) this.forgetOwner(gameId);
      throw err;
    }
  }

  /**
   * The viewer's snapshot of a game (GetGameView, from the game's owner when known).
   * @throws RemoteError NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found', SERVICE_UNAVAILABLE
   */
  async gameView(gameId: string, viewerUserId: string): Promise<GameSnapshot> {
    const res = await this.callGame(gameId, (g) => g.getGameView({ gameId, viewerUserId }));
    return JSON.parse(res.snapshotJson) as GameSnapshot;
  }

  /**
   * A socket's join in one call (OpenGameView; docs/hot-path.md "Socket join in one call"): sets the viewer's
   * admin flag when `adminViewer` is given, counts this gateway's connection of a seated player when `connect`,
   * and returns the viewer's snapshot after both. Sent again while game-engine is unavailable (a replica restarting,
   * another taking its games over), until `retryMs` (ms) after the first attempt: a join repeated changes nothing
   * more (the gateway is counted once per player; docs/faults.md "Joins during an engine restart").
   * @throws RemoteError NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found', SERVICE_UNAVAILABLE
   */
  async openGameView(gameId: string, viewerUserId: string, o: { adminViewer?: boolean; connect: boolean; gatewayId: string }, retryMs = 0): Promise<GameSnapshot> {
    const req = { gameId, viewerUserId, adminViewer: o.adminViewer, connect: o.connect, gatewayId: o.gatewayId };
    const res = await whileUnavailable(() => this.callGame(gameId, (g) => g.openGameView(req)), retryMs);
    return JSON.parse(res.snapshotJson) as GameSnapshot;
  }

  /** Forgets a game's owner (a call to it failed as unavailable): the next call goes to any replica. */
  private forgetOwner(gameId: string): void {
    this.owners.delete(gameId);
  }

  private closeEngine(address: string): void {
    const engine = this.engines.get(address);
    this.engines.delete(address);
    engine?.commands?.close();
    void Promise.resolve(engine?.proxy.close()).catch(() => undefined);
  }

  onModuleDestroy(): void {
    for (const address of [...this.engines.keys()]) this.closeEngine(address);
  }
}

/**
 * The owner's client with its socket joins (OpenGameView) and presence changes (UpdatePresence) sent on the command
 * stream, like its commands (docs/hot-path.md "Joins and presence on the stream"); every other call stays unary.
 */
function streamedClient(unary: GameClient, commands: CommandStream): GameClient {
  const streamed: Partial<GameClient> = {
    openGameView: (req) => commands.openGameView(req),
    updatePresence: (req) => commands.updatePresence(req),
  };
  return new Proxy(unary, { get: (target, method) => streamed[method as keyof GameClient] ?? target[method as keyof GameClient] });
}

/**
 * Runs `once`; when it fails as unavailable, runs it again with exponential backoff from 100 ms to 1 s (p-retry)
 * until `retryMs` (ms) after the first attempt (no retry machinery on a first attempt that succeeds: docs/hot-path.md
 * "Leaner calls"). @throws the last error; at once an error that is not unavailability, or any when `retryMs` is 0
 */
async function whileUnavailable<T>(once: () => Promise<T>, retryMs: number): Promise<T> {
  const t0 = Date.now();
  try {
    return await once();
  } catch (err) {
    const left = retryMs - (Date.now() - t0);
    if (left <= 0 || !isUnavailable(err)) throw err;
    return pRetry(once, { retries: 20, minTimeout: 100, maxTimeout: 1000, maxRetryTime: left, shouldRetry: ({ error }) => isUnavailable(error) });
  }
}
