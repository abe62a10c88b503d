import { loadThemeDatabaseEnv, loadThemeEnv } from './env.js';

describe('theme service environment', () => {
  it('takes the defaults of the port convention (gRPC 50055, health 8085) and schema theme', () => {
    expect(loadThemeEnv({ DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      THEME_GRPC_URL: '0.0.0.0:50055',
      THEME_HEALTH_PORT: 8085,
      DATABASE_SCHEMA: 'theme',
      DATABASE_POOL_SIZE: 10,
    });
  });

  it('stops at boot with every bad variable named', () => {
    expect(() => loadThemeEnv({ THEME_GRPC_URL: 'nowhere', THEME_HEALTH_PORT: '99999' })).toThrow(
      /Invalid environment:\n {2}DATABASE_URL: .*\n {2}THEME_GRPC_URL: must be host:port.*\n {2}THEME_HEALTH_PORT: /,
    );
    expect(() => loadThemeDatabaseEnv({ DATABASE_URL: 'mysql://x', DATABASE_SCHEMA: 'Bad-Schema' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*DATABASE_SCHEMA/);
  });
});
