import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ClientProxyFactory, type ClientGrpc, type ClientOptions } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { adminV1 } from '@nightfall/contracts';
import { MAX_CUSTOM_ROLES, checkCustomRole, type CustomRoleInput } from '@nightfall/game-rules';
import { CUSTOM_ROLES_CHANGED_SUBJECT } from '@nightfall/protocol';
import { grpcClientOptions, NatsClient } from '@nightfall/server-kit';
import { GAME_ENV, type GameEnv } from '../env.js';

/** After a failed call, the admin service is not asked again for this long (ms): games go on meanwhile. */
const RETRY_AFTER_MS = 5_000;
/**
 * How long (ms) an answer of the admin service is reused while NATS is connected and no
 * `admin.custom-roles.changed` event came (docs/rules.md "Custom roles"): the bound on a missed event.
 */
export const CUSTOM_ROLES_REUSE_MS = 30_000;

/** The admin service's custom role as the rules take it (docs/rules.md "Custom roles"). */
export function toCustomRoleInput(r: adminV1.CustomRole): CustomRoleInput {
  return {
    id: r.id,
    name: r.baseName,
    team: r.team,
    abilities: r.abilities,
    nightOrder: r.nightOrder,
    isActive: r.isActive,
    themeVariants: Object.fromEntries(Object.entries(r.themeVariants ?? {}).map(([theme, v]) => [theme, { title: v?.title ?? '', imageUrl: v?.imageUrl ?? '' }])),
  };
}

/**
 * Where games get their custom roles (docs/rules.md "Custom roles"): the admin service's
 * `ListCustomRoles` (empty actor, `active_only`), at `ADMIN_GRPC_TARGET`. game-engine asks when a game is
 * created, when its host changes the role selection and when play again returns to the lobby, and gives
 * the answer to the rules as `set_custom_roles` (a running game keeps the snapshot it was dealt with).
 *
 * The answer is kept and reused for the next games while game-engine's NATS connection is up, until the admin
 * service announces a change (`admin.custom-roles.changed`, after its commit) or for CUSTOM_ROLES_REUSE_MS at
 * most; concurrent asks share one call. An answer asked before a change event is never kept after it, and a
 * NATS reconnect forgets the copy (events may have been missed meanwhile).
 *
 * Without `ADMIN_GRPC_TARGET` every game has no custom roles. When the admin service does not answer
 * within `ADMIN_TIMEOUT_MS` the answer is "unknown" (null): a new game then has none and a lobby keeps
 * the ones it has; the failure is logged and the service is not asked again for 5 s. Roles the rules
 * refuse (a bad id, an empty name...) are skipped and logged.
 */
@Injectable()
export class CustomRolesSource implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CustomRolesSource.name);
  private client: (ClientGrpc & { close(): unknown }) | null = null;
  private admin: adminV1.AdminServiceClient | null = null;
  private retryAt = 0;
  /**
   * The last call (in flight or answered; see the class comment), with when it was asked (Date.now()). A failed
   * call is dropped; {@link forget} drops it too, so an answer asked before a change is never reused after it.
   */
  private kept: { answer: Promise<CustomRoleInput[] | null>; askedAt: number } | null = null;

  constructor(
    @Inject(GAME_ENV) private readonly env: GameEnv,
    private readonly nats: NatsClient,
  ) {}

  onModuleInit(): void {
    const target = this.env.ADMIN_GRPC_TARGET;
    if (!target) {
      this.logger.log('ADMIN_GRPC_TARGET is not set: games have no custom roles');
      return;
    }
    this.nats.onReconnect(() => this.forget());
    this.nats.listen(CUSTOM_ROLES_CHANGED_SUBJECT, () => this.forget());
    const { name: _name, ...options } = grpcClientOptions('ADMIN_CLIENT', 'admin', target, { callerToken: this.env.GRPC_CALLER_TOKEN });
    this.client = ClientProxyFactory.create(options as ClientOptions) as unknown as ClientGrpc & { close(): unknown };
    this.admin = this.client.getService<adminV1.AdminServiceClient>(adminV1.ADMIN_SERVICE_NAME);
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
  }

  /**
   * The active custom roles, checked by the rules: [] without an admin service, null when it could not
   * be asked (unknown: keep what the game has).
   */
  async active(): Promise<CustomRoleInput[] | null> {
    if (!this.admin) return [];
    let entry = this.kept;
    if (!entry || !this.nats.connected || Date.now() - entry.askedAt >= CUSTOM_ROLES_REUSE_MS) {
      if (Date.now() < this.retryAt) return null;
      const asked = (entry = { answer: this.ask(this.admin), askedAt: Date.now() });
      this.kept = asked;
      void asked.answer.then((roles) => {
        if (!roles && this.kept === asked) this.kept = null;
      });
    }
    const roles = await entry.answer;
    return roles && structuredClone(roles);
  }

  /** Forgets the kept answer (a custom role changed, or NATS reconnected): the next game asks again. */
  forget(): void {
    this.kept = null;
  }

  /** One ListCustomRoles call, checked by the rules (see {@link active}). */
  private async ask(admin: adminV1.AdminServiceClient): Promise<CustomRoleInput[] | null> {
    let roles: adminV1.CustomRole[];
    try {
      const res = await firstValueFrom(admin.listCustomRoles({ actorUserId: '', activeOnly: true }).pipe(timeout(this.env.ADMIN_TIMEOUT_MS)));
      roles = res.roles ?? [];
    } catch (err) {
      this.retryAt = Date.now() + RETRY_AFTER_MS;
      this.logger.warn(`admin service unreachable, no new custom roles for ${RETRY_AFTER_MS} ms: ${(err as Error).message}`);
      return null;
    }
    const out: CustomRoleInput[] = [];
    for (const r of roles) {
      const input = toCustomRoleInput(r);
      if (input.isActive === false) continue;
      try {
        checkCustomRole(input);
      } catch (err) {
        this.logger.warn(`custom role ${r.id} skipped: ${(err as Error).message}`);
        continue;
      }
      if (out.some((o) => o.id === input.id)) continue;
      out.push(input);
    }
    if (out.length > MAX_CUSTOM_ROLES) {
      this.logger.warn(`${out.length} active custom roles: games offer the first ${MAX_CUSTOM_ROLES}`);
      out.length = MAX_CUSTOM_ROLES;
    }
    return out;
  }
}
