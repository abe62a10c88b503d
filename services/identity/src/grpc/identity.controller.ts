import { Controller } from '@nestjs/common';
import { identityV1 } from '@nightfall/contracts';
import { IdentityService } from './identity.service.js';

/** gRPC adapter of `nightfall.identity.v1.IdentityService` (see proto/nightfall/identity/v1). */
@Controller()
@identityV1.IdentityServiceControllerMethods()
export class IdentityController implements identityV1.IdentityServiceController {
  constructor(private readonly identity: IdentityService) {}

  createGuestSession(req: identityV1.CreateGuestSessionRequest): Promise<identityV1.Session> {
    return this.identity.createGuestSession(req.displayName);
  }

  signUpWithPassword(req: identityV1.SignUpWithPasswordRequest): Promise<identityV1.Session> {
    return this.identity.signUp(req.email, req.password, req.displayName);
  }

  signInWithPassword(req: identityV1.SignInWithPasswordRequest): Promise<identityV1.Session> {
    return this.identity.signIn(req.email, req.password);
  }

  validateSession(req: identityV1.ValidateSessionRequest): Promise<identityV1.ValidateSessionResponse> {
    return this.identity.validateSession(req.sessionId);
  }

  async revokeSession(req: identityV1.RevokeSessionRequest): Promise<identityV1.RevokeSessionResponse> {
    await this.identity.revokeSession(req.sessionId);
    return {};
  }

  getUser(req: identityV1.GetUserRequest): Promise<identityV1.User> {
    return this.identity.getUser(req.userId);
  }

  ensureUser(req: identityV1.EnsureUserRequest): Promise<identityV1.User> {
    return this.identity.ensureUser(req.email, req.password, req.displayName);
  }

  /** RequestMagicLink: e-mails a single-use sign-in or sign-up link (see IdentityService.requestMagicLink). */
  requestMagicLink(req: identityV1.RequestMagicLinkRequest): Promise<identityV1.RequestMagicLinkResponse> {
    return this.identity.requestMagicLink(req.email, req.purpose, req.displayName, req.baseUrl);
  }

  /** ConsumeMagicLink: uses a magic-link token once and opens a session. */
  consumeMagicLink(req: identityV1.ConsumeMagicLinkRequest): Promise<identityV1.Session> {
    return this.identity.consumeMagicLink(req.token);
  }

  /** UpdateProfile: changes the display name of a signed-in user. */
  updateProfile(req: identityV1.UpdateProfileRequest): Promise<identityV1.User> {
    return this.identity.updateProfile(req.userId, req.displayName);
  }

  /** ListOutbox: the development outbox, newest first (enabled only without SMTP_URL, outside production). */
  listOutbox(req: identityV1.ListOutboxRequest): Promise<identityV1.ListOutboxResponse> {
    return this.identity.listOutbox(req.limit);
  }
}
