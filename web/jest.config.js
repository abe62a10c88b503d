/** Unit tests of the web app's framework-free modules (jest ESM mode, @swc/jest). */
export default {
  displayName: 'web',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  cacheDirectory: '<rootDir>/../.jest-cache/web',
};
