/** Shared NestJS plumbing of the Nightfall services (docs/architecture.md "Plumbing"). */
export * from './env.js';
export * from './rpc-error.js';
export * from './grpc.js';
export * from './database.js';
export * from './search-index.js';
export * from './logging.js';
export * from './health.js';
export * from './nats.js';
export * from './clock.js';
export * from './ids.js';
export * from './urls.js';
export * from './html.js';
export * from './testing.js';
export * from './bootstrap.js';
export * from './leased-job.js';
export * from './tracing.js';
export * from './metrics.js';
