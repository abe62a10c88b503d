/** Jest in ESM mode (docs/toolchain.md): @swc/jest transpiles TypeScript. */
export default {
  displayName: 'gateway',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // the gateway's specs talk to a real stack (argon2 sign-ups, gRPC, PostgreSQL): 5 s is too short on a loaded CI machine
  testTimeout: 30_000,
  cacheDirectory: '<rootDir>/../../.jest-cache/gateway',
};
