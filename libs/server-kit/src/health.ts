import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';

/**
 * HTTP health endpoints of a database-backed service (@nestjs/terminus):
 * `GET /health/live` (process up) and `GET /health/ready` (database reachable).
 */
@Controller('health')
export class DatabaseHealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** Liveness: always `{status:'ok'}` while the event loop runs. */
  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** Readiness: pings PostgreSQL (timeout 1500 ms). 503 when down. */
  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.health.check([() => this.db.pingCheck('database', { timeout: 1500 })]);
  }
}
