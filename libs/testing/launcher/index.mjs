// The stack launcher of @nightfall/testing (`import ... from '@nightfall/testing/launcher'`): PostgreSQL and
// NATS (infra.mjs), the six services, migrations and seeded accounts (stack.mjs). Plain ESM with Node
// built-ins and installed packages only, so scripts/start.mjs and scripts/test.mjs can use it before the
// first build; its types are in index.d.mts.
export * from './infra.mjs';
export * from './stack.mjs';
