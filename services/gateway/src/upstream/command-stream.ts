import { Metadata, status as GrpcStatus, type ClientDuplexStream } from '@grpc/grpc-js';
import type { ClientGrpc } from '@nestjs/microservices';
import { gameV1 } from '@nightfall/contracts';
import { decodeRpcError, grpcServiceName, runOutsideTrace, startClientCall, traceparentOf, type Operation } from '@nightfall/server-kit';

/** The grpc-js client method of the stream, as proto-loader makes it. */
type OpenStream = (metadata: Metadata) => ClientDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>;

/** A call sent and not answered yet. */
interface Waiting {
  /** Its outcome's result member (undefined when the outcome carries none). */
  pick: (out: gameV1.CommandOutcome) => unknown;
  resolve: (res: unknown) => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
  /** The CLIENT span of the command (tracing on only). */
  op: Operation | null;
}

/** One open stream, the commands sent on it and those to send at the end of this turn of the event loop. */
interface OpenCall {
  call: ClientDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>;
  waiting: Map<number, Waiting>;
  queued: gameV1.StreamedCommand[];
}

/** Statuses that refuse the stream itself: passed on, not turned into unavailability. */
const REFUSALS = new Set<number>([GrpcStatus.UNAUTHENTICATED, GrpcStatus.PERMISSION_DENIED, GrpcStatus.UNIMPLEMENTED]);

/** The unary calls the streamed calls stand for: their spans are named after them. */
const PATHS = {
  executeCommand: `/${grpcServiceName('game')}/ExecuteCommand`,
  openGameView: `/${grpcServiceName('game')}/OpenGameView`,
  updatePresence: `/${grpcServiceName('game')}/UpdatePresence`,
};

/** The call member of a StreamedCommand (exactly one is set). */
type StreamedCall = Pick<gameV1.StreamedCommand, 'command' | 'openGameView' | 'updatePresence'>;

/** Largest `seq` before it starts again at 1 (uint32 on the wire). */
const SEQ_MAX = 0xffff_ffff;

/**
 * A gateway's command stream to one game-engine replica (GameCommandService.ExecuteCommands; docs/hot-path.md
 * "Commands on an open stream"): the commands, socket joins (OpenGameView) and presence changes (UpdatePresence) on
 * that replica's games of one turn of the event loop go as one message on a stream kept
 * open, instead of a unary call each with its own HTTP/2 stream, headers, trailers and deadline (and instead of a
 * message each: grpc-js writes a stream's messages one at a time, each after the previous one reached the socket,
 * so they would queue under load). Each call is answered as the unary call it stands for would be:
 * - the engine's response, or a RemoteError decoded from the status and details it sent back;
 * - SERVICE_UNAVAILABLE when no answer came within the command's deadline, or when the stream broke (the
 *   replica died, restarted or shut down): every call still waiting on it fails so, and the caller sends it
 *   again (a command by command id, docs/faults.md "Commands applied once"; a join or presence change repeated
 *   changes nothing more). The next call opens a new stream.
 * The stream is opened on first use, on the proxy's channel (its caller token); each message carries the
 * current trace context, as a unary call's metadata does.
 */
export class CommandStream {
  private open: OpenCall | null = null;
  private seq = 0;
  private closed = false;

  /**
   * @param proxy a Nest `ClientGrpc` of the game contract, for one engine replica's address
   * @param timeoutMs each command's deadline, ms (UPSTREAM_TIMEOUT_MS)
   */
  constructor(
    private readonly proxy: ClientGrpc,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Sends one command (as ExecuteCommand) and awaits its answer.
   * @throws RemoteError: the engine's ErrorBody, or SERVICE_UNAVAILABLE (deadline passed, stream broken or closed)
   */
  execute(req: gameV1.ExecuteCommandRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.send({ command: req }, PATHS.executeCommand, (out) => out.response);
  }

  /**
   * Sends a socket's join (as OpenGameView) and awaits the viewer's snapshot.
   * @throws RemoteError: NOT_FOUND, PERMISSION_DENIED, INVALID_ARGUMENT, or SERVICE_UNAVAILABLE as {@link execute}
   */
  openGameView(req: gameV1.OpenGameViewRequest): Promise<gameV1.GameSnapshot> {
    return this.send({ openGameView: req }, PATHS.openGameView, (out) => out.snapshot);
  }

  /**
   * Sends a presence change (as UpdatePresence) and awaits its answer.
   * @throws RemoteError: NOT_FOUND, PERMISSION_DENIED, or SERVICE_UNAVAILABLE as {@link execute}
   */
  updatePresence(req: gameV1.UpdatePresenceRequest): Promise<gameV1.UpdatePresenceResponse> {
    return this.send({ updatePresence: req }, PATHS.updatePresence, (out) => out.presence);
  }

  /** Queues one call for this turn's message and awaits its outcome's `pick`ed result. @throws as {@link execute} */
  private send<T>(call: StreamedCall, path: string, pick: (out: gameV1.CommandOutcome) => T | undefined): Promise<T> {
    if (this.closed) return Promise.reject(decodeRpcError({ code: GrpcStatus.UNAVAILABLE, details: 'command stream closed' }));
    const open = this.open ?? this.start();
    this.seq = this.seq >= SEQ_MAX ? 1 : this.seq + 1;
    const seq = this.seq;
    const { op, ctx } = startClientCall(path);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        open.waiting.delete(seq);
        op?.end('deadline exceeded');
        reject(decodeRpcError({ code: GrpcStatus.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }));
      }, this.timeoutMs);
      open.waiting.set(seq, { pick, resolve: resolve as (res: unknown) => void, reject, timer, op });
      if (open.queued.length === 0) setImmediate(() => this.flush(open));
      open.queued.push({ seq, ...call, traceparent: ctx ? traceparentOf(ctx) : '', requestId: ctx?.requestId ?? '' });
    });
  }

  /** Sends the commands queued on a stream as one message (nothing when it broke meanwhile: they failed with it). */
  private flush(open: OpenCall): void {
    const commands = open.queued;
    open.queued = [];
    if (this.open === open && commands.length > 0) open.call.write({ commands });
  }

  /** Ends the stream: commands still waiting fail as unavailable; later ones are refused. */
  close(): void {
    this.closed = true;
    const open = this.open;
    this.open = null;
    if (open) {
      failAll(open, { code: GrpcStatus.UNAVAILABLE, details: 'command stream closed' });
      open.call.cancel();
    }
  }

  /** Opens the stream and wires its answers and its end. */
  private start(): OpenCall {
    const client = this.proxy.getClientByServiceName<Record<string, OpenStream>>(gameV1.GAME_COMMAND_SERVICE_NAME);
    // opened outside the trace of the command that opens it: the stream outlives every command it carries
    const call = runOutsideTrace(() => client['executeCommands']!(new Metadata()));
    const open: OpenCall = { call, waiting: new Map(), queued: [] };
    this.open = open;
    call.on('data', (msg: gameV1.ExecuteCommandsResponse) => {
      for (const out of msg.outcomes ?? []) {
        const w = open.waiting.get(out.seq);
        if (!w) continue; // its deadline passed
        open.waiting.delete(out.seq);
        clearTimeout(w.timer);
        const result = out.errorCode === 0 ? w.pick(out) : undefined;
        if (result) {
          w.op?.end();
          w.resolve(result);
        } else {
          w.op?.end(out.errorDetails);
          w.reject(decodeRpcError({ code: out.errorCode, details: out.errorDetails }));
        }
      }
    });
    // grpc-js ends every call with a status ('error' first when it is not OK)
    const broken = (status: { code?: number; details?: string }) => {
      if (this.open === open) this.open = null;
      failAll(open, status);
    };
    call.on('error', broken);
    call.on('status', broken);
    return open;
  }
}

/**
 * Fails every command waiting on a stream that is over. Their fate is unknown (the engine may have applied them),
 * so they fail as unavailable, which the caller answers by sending them again by command id; only a refusal of
 * the stream itself (the caller check's UNAUTHENTICATED, an unknown method, an ErrorBody in its details) is passed
 * on as a unary call would have received it.
 */
function failAll(open: OpenCall, status: { code?: number; details?: string }): void {
  if (open.waiting.size === 0) return;
  const refused = REFUSALS.has(status.code ?? GrpcStatus.OK) || (status.code !== GrpcStatus.OK && typeof status.details === 'string' && status.details.startsWith('{'));
  const err = decodeRpcError(refused ? status : { code: GrpcStatus.UNAVAILABLE, details: status.details ?? 'command stream ended' });
  open.queued = []; // what was still queued fails with the rest (the next command opens a new stream)
  for (const w of open.waiting.values()) {
    clearTimeout(w.timer);
    w.op?.end(status.details ?? 'command stream ended');
    w.reject(err);
  }
  open.waiting.clear();
}
