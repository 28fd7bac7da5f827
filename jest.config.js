// Two projects: fast unit tests beside the code, and integration suites under test/
// that start real servers (SQLite files, redis-server, the Nest app on a free port).
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }];
module.exports = {
  // Per-project testTimeout is ignored by Jest; integration suites boot servers, so allow a minute.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/backend/src'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
  ],
};
