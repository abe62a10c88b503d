/** Jest in ESM mode (docs/toolchain.md): @swc/jest transpiles TypeScript. */
export default {
  displayName: 'server-kit',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  cacheDirectory: '<rootDir>/../../.jest-cache/server-kit',
};
