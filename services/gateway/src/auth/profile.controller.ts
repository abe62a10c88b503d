import { Body, Controller, HttpCode, Put, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { LIMITS, type MeResponse } from '@nightfall/protocol';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { CurrentUser, SessionGuard } from './guards.js';
import { MeService } from './me.service.js';
import type { SessionUser } from './session.service.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** PUT /api/profile body (spec 001 section 5): the display name, required after trimming, at most 50. */
export const profileSchema = z.object({
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(LIMITS.displayNameMaxLength, 'Display name must be 50 characters or less'),
});

/** Profile of the signed-in user (spec 001 "Profile"): only the display name changes; the e-mail is read-only. */
@Controller('api')
export class ProfileController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly meService: MeService,
  ) {}

  /**
   * PUT /api/profile {displayName} -> MeResponse.
   * @throws 401 signed out or guest; 400 'Display name is required' / 'Display name must be 50 characters or less'
   */
  @Put('profile')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async update(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<MeResponse> {
    if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, 'Please sign in to edit your profile');
    const { displayName } = parseBody(profileSchema, body);
    const updated = await this.upstream.identity.updateProfile({ userId: user.userId, displayName });
    return this.meService.forUser(updated);
  }
}
