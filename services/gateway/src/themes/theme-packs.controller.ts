import { Controller, Get, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { raw, type Request, type Response } from 'express';
import { THEME_PACK_CONTENT_TYPE, type StoredThemeDto } from '@nightfall/protocol';
import { MAX_PACK_BYTES, megabytes } from '@nightfall/themes';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { DefaultThemeZipService } from './default-theme-zip.service.js';
import { accountOf, etagMatches, toStoredThemeDto } from './theme-dto.js';

/** Packs are content-addressed: the bytes of a hash never change, so caches keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The generic theme's ZIP changes only with a release: caches revalidate (ETag) after 5 minutes. */
const DEFAULT_ZIP_CACHE = 'public, max-age=300';
/** 64 hex digits. */
const SHA256 = /^[0-9a-fA-F]{64}$/;

/** The raw body parser of the upload route only: any content type, at most 50 MB (MAX_PACK_BYTES). */
const packBody = raw({ type: () => true, limit: MAX_PACK_BYTES });

/** An error of the body parser (raw-body): 413 with the declared or received size. */
interface BodyError {
  status?: number;
  type?: string;
  length?: number;
  received?: number;
}

/**
 * Reads the upload's raw body (only here, so no other route takes 50 MB bodies).
 * @throws ApiException 413 PACK_TOO_LARGE over 50 MB; 400 'Invalid File' / 'Please upload a ZIP file' when empty
 */
async function readPack(req: Request, res: Response): Promise<Buffer> {
  try {
    await new Promise<void>((resolve, reject) => packBody(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  } catch (err) {
    const e = err as BodyError;
    if (e.type === 'entity.too.large' || e.status === 413) {
      const size = Number(req.headers['content-length']) || e.length || e.received || MAX_PACK_BYTES + 1;
      throw new ApiException(413, GatewayErrorCode.PACK_TOO_LARGE, `Theme is too large (${megabytes(size)} MB). The limit is ${MAX_PACK_BYTES / (1024 * 1024)} MB.`, 'Upload Failed');
    }
    throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, 'Failed to process theme pack', 'Upload Error');
  }
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, 'Please upload a ZIP file', 'Invalid File');
  return body;
}

/**
 * The binary theme routes (spec 001 sections 5 and 7; docs/architecture.md "Theme service"): the upload
 * of a pack, the download of a pack by its SHA-256 (how the players of a game fetch the host's theme),
 * and the built-in generic theme as /default-theme.zip.
 */
@Controller()
export class ThemePacksController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly defaultZip: DefaultThemeZipService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * POST /api/themes/packs, raw body = the ZIP (`Content-Type: application/zip`), at most 50 MB ->
   * 201 StoredThemeDto. The theme service checks the pack (manifest.json, the theme checks of spec 001
   * section 5) and stores it; the same theme id again replaces the user's stored theme. Signed-in users.
   * @throws 413 PACK_TOO_LARGE; 400 'Please upload a ZIP file' (title 'Invalid File'), INVALID_PACK with
   *   the spec's text ('Invalid theme pack: missing manifest.json', 'Theme "{name}" is missing roles: ...')
   */
  @Post('api/themes/packs')
  @UseGuards(SessionGuard)
  async upload(@CurrentUser() user: SessionUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<StoredThemeDto> {
    const { userId } = accountOf(user, 'upload theme packs');
    const pack = await readPack(req, res);
    const saved = await this.upstream.theme.putThemePack({ ownerId: userId, pack }, this.env.PACK_TRANSFER_TIMEOUT_MS);
    return toStoredThemeDto(saved);
  }

  /**
   * GET /api/themes/packs/{sha256} (public: the hash is the capability; a game's players download the
   * host's pack with it) -> the ZIP, `Content-Type: application/zip`, `ETag: "<sha256>"`, cached as
   * immutable for a year. `If-None-Match` with that ETag answers 304 without asking the theme service
   * (the bytes of a hash never change).
   * @throws 400 INVALID_INPUT (not 64 hex digits); 404 PACK_NOT_FOUND
   */
  @Get('api/themes/packs/:sha256')
  async download(@Param('sha256') sha256: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!SHA256.test(sha256)) throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, 'Invalid theme pack hash', 'Failed to Download Theme');
    const hash = sha256.toLowerCase();
    const etag = `"${hash}"`;
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).set({ ETag: etag, 'Cache-Control': IMMUTABLE }).end();
      return;
    }
    const pack = await this.upstream.theme.getThemePack({ sha256: hash }, this.env.PACK_TRANSFER_TIMEOUT_MS);
    const bytes = Buffer.isBuffer(pack.pack) ? pack.pack : Buffer.from(pack.pack);
    res.status(200).set({ 'Content-Type': THEME_PACK_CONTENT_TYPE, 'Content-Length': String(bytes.length), ETag: etag, 'Cache-Control': IMMUTABLE }).end(bytes);
  }

  /**
   * GET /default-theme.zip (public) -> the generic theme as a pack: a ZIP whose manifest.json is
   * GENERIC_THEME (spec 001 section 7), with an ETag; `If-None-Match` answers 304.
   */
  @Get('default-theme.zip')
  async defaultThemeZip(@Req() req: Request, @Res() res: Response): Promise<void> {
    const zip = await this.defaultZip.get();
    res.set({ ETag: zip.etag, 'Cache-Control': DEFAULT_ZIP_CACHE });
    if (etagMatches(req.headers['if-none-match'], zip.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).set({ 'Content-Type': THEME_PACK_CONTENT_TYPE, 'Content-Length': String(zip.bytes.length) }).end(zip.bytes);
  }
}
