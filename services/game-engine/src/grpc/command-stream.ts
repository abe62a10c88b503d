import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import type { gameV1 } from '@nightfall/contracts';
import { grpcServiceName, observeServedCall, servedMethod } from '@nightfall/server-kit';

/** What the streamed calls are counted under: the unary calls they stand for. */
const SERVED = {
  command: servedMethod(grpcServiceName('game'), 'ExecuteCommand'),
  openGameView: servedMethod(grpcServiceName('game'), 'OpenGameView'),
  updatePresence: servedMethod(grpcServiceName('game'), 'UpdatePresence'),
};

/** The unary handlers a command stream runs its calls with: each resolves or rejects as the unary call would. */
export interface StreamedCalls {
  executeCommand(req: gameV1.ExecuteCommandRequest): Promise<gameV1.ExecuteCommandResponse>;
  openGameView(req: gameV1.OpenGameViewRequest): Promise<gameV1.GameSnapshot>;
  updatePresence(req: gameV1.UpdatePresenceRequest): Promise<gameV1.UpdatePresenceResponse>;
}

/** The outcome's result member of a call that succeeded. */
type Result = Pick<gameV1.CommandOutcome, 'response' | 'snapshot' | 'presence'>;

/**
 * Runs one streamed call with its handler. @returns the outcome's result member, and the served method it is observed as
 */
function runCall(c: gameV1.StreamedCommand, calls: StreamedCalls): { served: (typeof SERVED)[keyof typeof SERVED]; result: () => Promise<Result> } {
  if (c.openGameView) {
    const req = c.openGameView;
    return { served: SERVED.openGameView, result: async () => ({ snapshot: await calls.openGameView(req) }) };
  }
  if (c.updatePresence) {
    const req = c.updatePresence;
    return { served: SERVED.updatePresence, result: async () => ({ presence: await calls.updatePresence(req) }) };
  }
  const req: gameV1.ExecuteCommandRequest = c.command ?? { gameId: '', userId: '', action: '', dataJson: '', commandId: '' };
  return { served: SERVED.command, result: async () => ({ response: await calls.executeCommand(req) }) };
}

const logger = new Logger('CommandStream');

/** A gRPC status and details, as a failed unary call would have carried them. */
interface CallStatus {
  errorCode: number;
  errorDetails: string;
}

/**
 * What a unary ExecuteCommand would have answered for an error its handler threw: the status and details of an
 * `rpcError` (RpcException `{code, message}`: the ErrorBody as JSON), else UNKNOWN 'Internal server error' as
 * Nest's default RPC exception filter answers (the error is logged).
 */
export function statusOf(err: unknown): CallStatus {
  if (err instanceof RpcException) {
    const e = err.getError() as { code?: unknown; message?: unknown } | string;
    if (typeof e === 'object' && typeof e.code === 'number') return { errorCode: e.code, errorDetails: typeof e.message === 'string' ? e.message : '' };
  }
  logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return { errorCode: GrpcStatus.UNKNOWN, errorDetails: 'Internal server error' };
}

/**
 * Serves one gateway's command stream (GameCommandService.ExecuteCommands; docs/hot-path.md "Commands on an open
 * stream"): every StreamedCommand of every message is run at once by the handler of the unary call it stands for
 * (`calls`: ExecuteCommand, OpenGameView or UpdatePresence, with their routing to the owner), concurrently with the
 * others, and its CommandOutcome (same `seq`) is sent
 * as soon as it settles; the outcomes ready in one turn of the event loop go in one message (grpc-js writes a
 * stream's messages one at a time, each after the previous one reached the socket, so a message per outcome would
 * queue under load). Each call is observed as one served unary call of its method (metrics, a span child of its
 * `traceparent`, its request id). When the gateway half-closes the stream, the commands still running are answered
 * before the stream ends; when it cancels, their outcomes are dropped (the gateway sends them again by command id).
 * @param call the raw grpc-js duplex call (Nest's `@GrpcStreamCall`)
 * @param calls the unary handlers; each rejects as its unary call does (an `rpcError`)
 * @returns resolves when the stream is over (ended or cancelled)
 */
export function serveCommandStream(
  call: ServerDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>,
  calls: StreamedCalls,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let running = 0;
    let halfClosed = false;
    let over = false;
    let ready: gameV1.CommandOutcome[] = [];
    let flushing = false;
    const finish = () => {
      if (over) return;
      over = true;
      resolve();
    };
    const endIfDone = () => {
      if (halfClosed && running === 0 && ready.length === 0 && !over) {
        call.end();
        finish();
      }
    };
    const flush = () => {
      flushing = false;
      const outcomes = ready;
      ready = [];
      if (!over && !call.cancelled && outcomes.length > 0) call.write({ outcomes });
      endIfDone();
    };
    const settle = (outcome: gameV1.CommandOutcome) => {
      running--;
      ready.push(outcome);
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    };
    const run = (c: gameV1.StreamedCommand) => {
      running++;
      const seq = c.seq;
      const { served: method, result } = runCall(c, calls);
      const served = observeServedCall(method, { traceparent: c.traceparent, requestId: c.requestId });
      served.run(result).then(
        (answer) => {
          served.done();
          settle({ seq, ...answer, errorCode: 0, errorDetails: '' });
        },
        (err: unknown) => {
          served.done(err);
          settle({ seq, ...statusOf(err) });
        },
      );
    };
    call.on('data', (msg: gameV1.ExecuteCommandsRequest) => {
      for (const c of msg.commands ?? []) run(c);
    });
    call.on('end', () => {
      halfClosed = true;
      endIfDone();
    });
    call.on('cancelled', finish);
    call.on('error', finish);
    call.on('close', finish);
  });
}
