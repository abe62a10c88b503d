import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import type { gameV1 } from '@nightfall/contracts';
import { grpcServiceName, observeServedCall, servedMethod } from '@nightfall/server-kit';

/** What the streamed commands are counted under: the unary ExecuteCommand they replace. */
const EXECUTE_COMMAND = servedMethod(grpcServiceName('game'), 'ExecuteCommand');

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
 * stream"): every StreamedCommand of every message is run at once by `execute` (the unary ExecuteCommand's path:
 * routing to the owner, rules, commit), concurrently with the others, and its CommandOutcome (same `seq`) is sent
 * as soon as it settles; the outcomes ready in one turn of the event loop go in one message (grpc-js writes a
 * stream's messages one at a time, each after the previous one reached the socket, so a message per outcome would
 * queue under load). Each command is observed as one served ExecuteCommand (metrics, a span child of its
 * `traceparent`, its request id). When the gateway half-closes the stream, the commands still running are answered
 * before the stream ends; when it cancels, their outcomes are dropped (the gateway sends them again by command id).
 * @param call the raw grpc-js duplex call (Nest's `@GrpcStreamCall`)
 * @param execute one command, as ExecuteCommand; rejects as its handler does (an `rpcError`)
 * @returns resolves when the stream is over (ended or cancelled)
 */
export function serveCommandStream(
  call: ServerDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>,
  execute: (req: gameV1.ExecuteCommandRequest) => Promise<gameV1.ExecuteCommandResponse>,
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
      const served = observeServedCall(EXECUTE_COMMAND, { traceparent: c.traceparent, requestId: c.requestId });
      const req: gameV1.ExecuteCommandRequest = c.command ?? { gameId: '', userId: '', action: '', dataJson: '', commandId: '' };
      served.run(() => execute(req)).then(
        (response) => {
          served.done();
          settle({ seq, response, errorCode: 0, errorDetails: '' });
        },
        (err: unknown) => {
          served.done(err);
          settle({ seq, response: undefined, ...statusOf(err) });
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
