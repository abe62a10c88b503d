/** Shared NestJS plumbing of the Nightfall services. */
export * from './env.js';
export * from './rpc-error.js';
export * from './grpc.js';
export * from './database.js';
export * from './logging.js';
export * from './health.js';
export * from './testing.js';
export * from './bootstrap.js';
