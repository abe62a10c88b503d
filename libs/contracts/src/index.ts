/**
 * gRPC contracts of Nightfall. `identityV1`, `billingV1`, `gameV1`, `adminV1` and `themeV1` are the ts-proto output of
 * `proto/nightfall/<service>/v1/*.proto` (packages `nightfall.<service>.v1`). Nest loads the .proto
 * files at runtime: `protoFile(service)` gives the absolute path of the copy shipped in dist/proto.
 */
import { fileURLToPath } from 'node:url';

export * as identityV1 from './gen/nightfall/identity/v1/identity.js';
export * as billingV1 from './gen/nightfall/billing/v1/billing.js';
export * as gameV1 from './gen/nightfall/game/v1/game.js';
export * as adminV1 from './gen/nightfall/admin/v1/admin.js';
export * as themeV1 from './gen/nightfall/theme/v1/theme.js';
export * from './events.js';

/** Services that have a gRPC contract. */
export type ContractService = 'identity' | 'billing' | 'game' | 'admin' | 'theme';

/**
 * Largest gRPC message of `nightfall.theme.v1.ThemeService`, in bytes (64 MiB): a pack is at most 50 MB
 * (MAX_PACK_BYTES of @nightfall/themes) plus the message's few other fields. The theme service's server
 * and the gateway's client raise gRPC's default of 4 MiB to it; every other contract keeps the default.
 */
export const THEME_GRPC_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

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
