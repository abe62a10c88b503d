import { Controller, Get, Inject, Module, Optional, type DynamicModule } from '@nestjs/common';
import {
  GRPCHealthIndicator,
  HealthCheck,
  HealthCheckService,
  TerminusModule,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { NatsHealthIndicator } from './nats.js';

/** A gRPC upstream whose `grpc.health.v1` status readiness checks. */
export interface GrpcUpstreamCheck {
  /** Key in the health result, e.g. 'identity'. */
  key: string;
  /** Client target (`host:port`, `dns:///...`, `ipv4:...`). */
  url: string;
  /** Fully qualified service name, e.g. `nightfall.identity.v1.IdentityService`. */
  service: string;
}

/** What `/health/ready` checks. Liveness checks nothing but the event loop. */
export interface HealthOptions {
  /** Ping PostgreSQL through the TypeORM connection (timeout 1500 ms). */
  database?: boolean;
  /** The NATS connection of `natsModule()`. */
  nats?: boolean;
  /** gRPC upstreams that must answer SERVING (timeout 1000 ms each). */
  grpc?: GrpcUpstreamCheck[];
  /**
   * gRPC upstreams reported at `GET /health/upstreams` (200, or 503 naming the ones down) and not part of
   * readiness: a service whose upstream is down stays ready and answers 503 for the calls that need it
   * (docs/faults.md "Readiness").
   */
  upstreams?: GrpcUpstreamCheck[];
}

const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');

/**
 * HTTP health endpoints of every service (@nestjs/terminus):
 * `GET /health/live` (the process runs: always 200), `GET /health/ready` (200 when every configured
 * check is up, else 503 with the failing ones) and `GET /health/upstreams` (the upstreams' status, not a probe).
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly grpc: GRPCHealthIndicator,
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
    @Optional() private readonly nats?: NatsHealthIndicator,
  ) {}

  /** Liveness: `{status:'ok'}` while the event loop runs. */
  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** Readiness: the configured checks. 503 when one is down. */
  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [];
    if (this.options.database) checks.push(() => this.db.pingCheck('database', { timeout: 1500 }));
    if (this.options.nats && this.nats) {
      const nats = this.nats;
      checks.push(async () => nats.check('nats'));
    }
    for (const u of this.options.grpc ?? []) checks.push(this.grpcCheck(u));
    return this.health.check(checks);
  }

  /** The upstreams' `grpc.health.v1` status, for people and dashboards (not a probe). 503 when one is down. */
  @Get('upstreams')
  @HealthCheck()
  upstreams(): Promise<HealthCheckResult> {
    return this.health.check((this.options.upstreams ?? []).map((u) => this.grpcCheck(u)));
  }

  private grpcCheck(u: GrpcUpstreamCheck): HealthIndicatorFunction {
    return () => this.grpc.checkService(u.key, u.service, { url: u.url, timeout: 1000, healthServiceName: 'Health', package: 'grpc.health.v1' } as never);
  }
}

/** The health endpoints: `imports: [HealthModule.forRoot({database: true, nats: true})]`. */
@Module({})
export class HealthModule {
  static forRoot(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule],
      controllers: [HealthController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }],
    };
  }
}
