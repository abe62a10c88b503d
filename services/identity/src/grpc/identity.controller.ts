import { Controller } from '@nestjs/common';
import { identityV1 } from '@nightfall/contracts';
import { counter, countOutcome } from '@nightfall/server-kit';
import { AccountsService } from '../accounts/accounts.service.js';
import { MagicLinksService } from '../magic-links/magic-links.service.js';
import { MailService } from '../mail/mail.service.js';
import { SessionsService } from '../sessions/sessions.service.js';

/**
 * gRPC adapter of `nightfall.identity.v1.IdentityService` (proto/nightfall/identity/v1; docs/architecture.md
 * "Services"). It only delegates to the feature services; every error is an `ErrorBody` with an
 * `IdentityErrorCode` (docs/architecture.md "Errors").
 */
/**
 * `nightfall_identity_sign_ins_total{method, outcome}`: sessions opened, by method (password, password_signup,
 * magic_link, guest) and outcome (ok, rejected: wrong password or token, error); docs/architecture.md "Metrics and traces".
 */
const signIns = counter('nightfall_identity_sign_ins_total', 'Sign-ins (sessions opened), by method (password, password_signup, magic_link, guest) and outcome (ok, rejected, error).', ['method', 'outcome']);

@Controller()
@identityV1.IdentityServiceControllerMethods()
export class IdentityController implements identityV1.IdentityServiceController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly magicLinks: MagicLinksService,
    private readonly mail: MailService,
  ) {}

  /** CreateGuestSession: a guest user (display name 1-50 characters) and its session. @throws INVALID_ARGUMENT */
  createGuestSession(req: identityV1.CreateGuestSessionRequest): Promise<identityV1.Session> {
    return countOutcome(signIns, { method: 'guest' }, () => this.sessions.createGuestSession(req.displayName));
  }

  /**
   * SignUpWithPassword: registers an e-mail + password account and opens its first session.
   * @throws INVALID_ARGUMENT bad e-mail, short password, bad name; ALREADY_EXISTS 'Email Already Registered'
   */
  async signUpWithPassword(req: identityV1.SignUpWithPasswordRequest): Promise<identityV1.Session> {
    return countOutcome(signIns, { method: 'password_signup' }, async () => this.sessions.openWithPassword(await this.accounts.signUp(req.email, req.password, req.displayName)));
  }

  /** SignInWithPassword: checks the password and opens a new session. @throws UNAUTHENTICATED 'Login Failed' */
  async signInWithPassword(req: identityV1.SignInWithPasswordRequest): Promise<identityV1.Session> {
    return countOutcome(signIns, { method: 'password' }, async () => this.sessions.openWithPassword(await this.accounts.signIn(req.email, req.password)));
  }

  /** ValidateSession: whether a session is live, with its user (never an error for bad ids). */
  validateSession(req: identityV1.ValidateSessionRequest): Promise<identityV1.ValidateSessionResponse> {
    return this.sessions.validateSession(req.sessionId);
  }

  /** RevokeSession: signs a session out (idempotent). */
  async revokeSession(req: identityV1.RevokeSessionRequest): Promise<identityV1.RevokeSessionResponse> {
    await this.sessions.revokeSession(req.sessionId);
    return {};
  }

  /** DeleteGuest: deletes a guest with their sessions when the session is theirs (idempotent; never a signed-up user). */
  async deleteGuest(req: identityV1.DeleteGuestRequest): Promise<identityV1.DeleteGuestResponse> {
    return { deleted: await this.sessions.deleteGuest(req.userId, req.sessionId) };
  }

  /** GetUser: a user by id. @throws NOT_FOUND `USER_NOT_FOUND` */
  getUser(req: identityV1.GetUserRequest): Promise<identityV1.User> {
    return this.accounts.getUser(req.userId);
  }

  /** EnsureUser: the password account of an e-mail, created if unknown (demo and admin seeding). */
  ensureUser(req: identityV1.EnsureUserRequest): Promise<identityV1.User> {
    return this.accounts.ensureUser(req.email, req.password, req.displayName);
  }

  /** RequestMagicLink: e-mails a single-use sign-in or sign-up link (see MagicLinksService.requestMagicLink). */
  requestMagicLink(req: identityV1.RequestMagicLinkRequest): Promise<identityV1.RequestMagicLinkResponse> {
    return this.magicLinks.requestMagicLink(req.email, req.purpose, req.displayName, req.baseUrl);
  }

  /** ConsumeMagicLink: uses a magic-link token once and opens a session. @throws UNAUTHENTICATED 'Invalid Token' */
  consumeMagicLink(req: identityV1.ConsumeMagicLinkRequest): Promise<identityV1.Session> {
    return countOutcome(signIns, { method: 'magic_link' }, () => this.magicLinks.consumeMagicLink(req.token));
  }

  /** UpdateProfile: changes the display name of a signed-in user. @throws PERMISSION_DENIED for guests */
  updateProfile(req: identityV1.UpdateProfileRequest): Promise<identityV1.User> {
    return this.accounts.updateProfile(req.userId, req.displayName);
  }

  /** ListOutbox: the development outbox, newest first (enabled only without SMTP_URL, outside production). */
  listOutbox(req: identityV1.ListOutboxRequest): Promise<identityV1.ListOutboxResponse> {
    return this.mail.listOutbox(req.limit);
  }

  /** GetUserByEmail: a user by e-mail, case-insensitive. @throws NOT_FOUND `USER_NOT_FOUND` */
  getUserByEmail(req: identityV1.GetUserByEmailRequest): Promise<identityV1.User> {
    return this.accounts.getUserByEmail(req.email);
  }

  /** GetUsers: up to 500 users by id, in request order; unknown ids are left out. @throws INVALID_ARGUMENT `INVALID_INPUT` (over 500) */
  async getUsers(req: identityV1.GetUsersRequest): Promise<identityV1.GetUsersResponse> {
    return { users: await this.accounts.getUsers(req.userIds ?? []) };
  }

  /**
   * SearchUsers: signed-up users whose e-mail contains `query` (case-insensitive) or whose id is
   * `query`, newest first, `limit` (1-100) from `offset`, with the total. @throws INVALID_ARGUMENT `INVALID_INPUT` (paging)
   */
  searchUsers(req: identityV1.SearchUsersRequest): Promise<identityV1.SearchUsersResponse> {
    return this.accounts.searchUsers(req.query, req.offset, req.limit);
  }
}
