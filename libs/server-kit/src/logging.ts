import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';

/**
 * Structured JSON logging with pino (nestjs-pino). Health probes are not logged.
 * @param service name written in every line
 * @param level pino level from the LOG_LEVEL env variable
 */
export function loggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      name: service,
      level,
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });
}
