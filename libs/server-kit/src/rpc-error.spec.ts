import { CommonErrorCode } from '@nightfall/protocol';
import { decodeRpcError, GrpcStatus, rpcError } from './index.js';

describe('decodeRpcError', () => {
  it("keeps a service's own error body and status", () => {
    const thrown = rpcError(GrpcStatus.NOT_FOUND, { code: 'GAME_NOT_FOUND', title: 'Error', message: 'Game not found' }).getError() as { code: number; message: string };
    const err = decodeRpcError({ code: thrown.code, details: thrown.message });
    expect(err.status).toBe(GrpcStatus.NOT_FOUND);
    expect(err.body).toEqual({ code: 'GAME_NOT_FOUND', title: 'Error', message: 'Game not found' });
  });

  it('reads a down, slow or broken connection as SERVICE_UNAVAILABLE, never as a bug', () => {
    for (const e of [
      { code: GrpcStatus.UNAVAILABLE, details: 'No connection established' },
      { code: GrpcStatus.DEADLINE_EXCEEDED, details: 'Deadline exceeded' },
      { name: 'TimeoutError' },
      { code: GrpcStatus.INTERNAL, details: 'Received RST_STREAM with code 2 triggered by internal client error: Session closed with error code 2' },
    ]) {
      const err = decodeRpcError(e);
      expect([err.status, err.body.code]).toEqual([GrpcStatus.UNAVAILABLE, CommonErrorCode.SERVICE_UNAVAILABLE]);
    }
  });

  it('reads anything else as INTERNAL and keeps what the service said as the cause', () => {
    const raw = { code: GrpcStatus.UNKNOWN, details: 'TypeError: x is undefined' };
    const err = decodeRpcError(raw);
    expect(err.status).toBe(GrpcStatus.INTERNAL);
    expect(err.body.code).toBe(CommonErrorCode.INTERNAL);
    expect(err.cause).toBe(raw);
  });
});
