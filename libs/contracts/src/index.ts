/**
 * gRPC contracts of Nightfall. `identityV1`, `billingV1`, `gameV1` and `adminV1` are the ts-proto output of
 * `proto/nightfall/<service>/v1/*.proto` (packages `nightfall.<service>.v1`). Nest loads the .proto
 * files at runtime: `protoFile(service)` gives the absolute path of the copy shipped in dist/proto.
 */
import { fileURLToPath } from 'node:url';

export * as identityV1 from './gen/nightfall/identity/v1/identity.js';
export * as billingV1 from './gen/nightfall/billing/v1/billing.js';
export * as gameV1 from './gen/nightfall/game/v1/game.js';
export * as adminV1 from './gen/nightfall/admin/v1/admin.js';
export * from './events.js';

/** Services that have a gRPC contract. */
export type ContractService = 'identity' | 'billing' | 'game' | 'admin';

/** Absolute path of the directory holding `nightfall/<service>/v1/<service>.proto`. */
export const PROTO_ROOT: string = fileURLToPath(new URL('./proto/', import.meta.url));

/** Absolute path of one service's .proto file (relative to PROTO_ROOT: `nightfall/<s>/v1/<s>.proto`). */
export function protoFile(service: ContractService): string {
  return `nightfall/${service}/v1/${service}.proto`;
}

/** gRPC package name of a service (`nightfall.<service>.v1`). */
export function protoPackage(service: ContractService): string {
  return `nightfall.${service}.v1`;
}
