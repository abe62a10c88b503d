import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, Repository, type EntityManager, type FindOptionsSelect } from 'typeorm';
import type { themeV1 } from '@nightfall/contracts';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, schemaOf, type Clock } from '@nightfall/server-kit';
import { MAX_PACK_BYTES, ThemePackError, megabytes, type Theme } from '@nightfall/themes';
import { readThemePack, sha256Hex } from '../packs/pack-reader.js';
import { PacksService } from '../packs/packs.service.js';
import { THEME_TITLES, ThemeErrorCode, themeError } from '../theme-error-code.js';
import { inTransaction } from '../transaction.js';
import { StoredThemeEntity } from './stored-theme.entity.js';

/** Every column but the theme JSON: what lists and answers need. */
const SUMMARY: FindOptionsSelect<StoredThemeEntity> = {
  id: true,
  ownerId: true,
  themeId: true,
  name: true,
  description: true,
  visibility: true,
  packSha256: true,
  sizeBytes: true,
  createdAt: true,
  updatedAt: true,
};

/** Row -> wire (ISO-8601 times). */
export function toStoredThemeDto(r: StoredThemeEntity): themeV1.StoredTheme {
  return {
    id: r.id,
    ownerId: r.ownerId,
    themeId: r.themeId,
    name: r.name,
    description: r.description,
    sha256: r.packSha256,
    sizeBytes: r.sizeBytes,
    visibility: r.visibility,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A user id as the calls take it. @throws INVALID_ARGUMENT `INVALID_INPUT` */
export function checkedUserId(id: string, what = 'user id'): string {
  if (!isUuid(id)) throw themeError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `Invalid ${what}`);
  return id.toLowerCase();
}

/** The pack bytes as a Buffer (gRPC hands a Buffer or a Uint8Array), without copying. */
function asBuffer(bytes: Uint8Array | undefined): Buffer {
  if (!bytes) return Buffer.alloc(0);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The spec-style text of a pack over the limit (spec 001 sections 5 and 9: 50 MB). */
export function tooLargeMessage(sizeBytes: number): string {
  return `Theme is too large (${megabytes(sizeBytes)} MB). The limit is ${MAX_PACK_BYTES / (1024 * 1024)} MB.`;
}

/**
 * Stored themes (`theme.stored_themes`, spec 001 section 3): each user's uploaded (or copied) themes,
 * one per (owner, theme id), each pointing at its pack bytes in {@link PacksService}. Writes of one
 * (owner, theme id) are serialised with a transaction-scoped advisory lock, so the blob a replacement
 * leaves behind is always collected.
 */
@Injectable()
export class StoredThemesService {
  constructor(
    @InjectRepository(StoredThemeEntity) private readonly themes: Repository<StoredThemeEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly packs: PacksService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * PutThemePack: checks the pack and stores it for its owner; the owner's stored theme with the same
   * theme id is replaced (same id, new bytes, createdAt kept). A rejected pack changes nothing.
   * @throws INVALID_ARGUMENT `PACK_TOO_LARGE` (over 50 MB), `INVALID_PACK` (the spec's texts), `INVALID_INPUT` (owner id)
   */
  async put(req: themeV1.PutThemePackRequest): Promise<themeV1.StoredTheme> {
    const ownerId = checkedUserId(req.ownerId, 'owner id');
    const bytes = asBuffer(req.pack);
    if (bytes.length > MAX_PACK_BYTES) throw themeError(GrpcStatus.INVALID_ARGUMENT, ThemeErrorCode.PACK_TOO_LARGE, tooLargeMessage(bytes.length), THEME_TITLES.upload);
    let theme: Theme;
    try {
      theme = await readThemePack(bytes);
    } catch (err) {
      if (err instanceof ThemePackError) throw themeError(GrpcStatus.INVALID_ARGUMENT, ThemeErrorCode.INVALID_PACK, err.message, err.title);
      throw err;
    }
    const sha256 = sha256Hex(bytes);
    return inTransaction(this.db, async (m) => {
      const now = new Date(this.clock());
      await this.lockOwnerTheme(m, ownerId, theme.id);
      const old = await m.findOne(StoredThemeEntity, { where: { ownerId, themeId: theme.id }, select: SUMMARY });
      await this.packs.ensure(m, sha256, bytes, now);
      const row = await this.upsert(m, ownerId, theme, sha256, bytes.length, now);
      if (old && old.packSha256 !== sha256) await this.packs.collect(m, old.packSha256);
      return toStoredThemeDto(row);
    });
  }

  /** ListThemes: the owner's stored themes, newest first. @throws INVALID_ARGUMENT `INVALID_INPUT` */
  async list(req: themeV1.ListThemesRequest): Promise<themeV1.ListThemesResponse> {
    const ownerId = checkedUserId(req.ownerId, 'owner id');
    const rows = await this.themes.find({ where: { ownerId }, select: SUMMARY, order: { createdAt: 'DESC', id: 'ASC' } });
    return { themes: rows.map(toStoredThemeDto) };
  }

  /**
   * DeleteTheme: deletes one of the owner's stored themes, and its bytes when no other stored theme
   * uses them. @throws NOT_FOUND `THEME_NOT_FOUND` ('Theme pack not found in storage'); INVALID_ARGUMENT `INVALID_INPUT`
   */
  async delete(req: themeV1.DeleteThemeRequest): Promise<themeV1.DeleteThemeResponse> {
    const ownerId = checkedUserId(req.ownerId, 'owner id');
    const notFound = themeError(GrpcStatus.NOT_FOUND, ThemeErrorCode.THEME_NOT_FOUND, 'Theme pack not found in storage', THEME_TITLES.delete);
    if (!isUuid(req.id)) throw notFound;
    await inTransaction(this.db, async (m) => {
      const where = { id: req.id.toLowerCase(), ownerId };
      const found = await m.findOne(StoredThemeEntity, { where, select: SUMMARY });
      if (!found) throw notFound;
      await this.lockOwnerTheme(m, ownerId, found.themeId);
      // read again under the lock: a replacement may have changed its bytes meanwhile
      const row = await m.findOne(StoredThemeEntity, { where, select: SUMMARY });
      if (!row) throw notFound;
      await m.delete(StoredThemeEntity, where);
      await this.packs.collect(m, row.packSha256);
    });
    return {};
  }

  /** One of the owner's stored themes by its theme id, or null. */
  findOwnedByThemeId(ownerId: string, themeId: string, m?: EntityManager): Promise<StoredThemeEntity | null> {
    return this.repo(m).findOne({ where: { ownerId, themeId }, select: SUMMARY });
  }

  /** A stored theme of anybody by its id (uuid), or null (also for a malformed id). */
  async findById(id: string, m?: EntityManager): Promise<StoredThemeEntity | null> {
    if (!isUuid(id)) return null;
    return this.repo(m).findOne({ where: { id: id.toLowerCase() }, select: SUMMARY });
  }

  /** The most recently updated stored theme with this theme id whose owner is not `exceptOwnerId`, or null. */
  findNewestByThemeId(themeId: string, exceptOwnerId: string, m?: EntityManager): Promise<StoredThemeEntity | null> {
    return this.repo(m).findOne({ where: { themeId, ownerId: Not(exceptOwnerId) }, select: SUMMARY, order: { updatedAt: 'DESC', id: 'ASC' } });
  }

  /**
   * Copies another user's stored theme into the owner's stored themes: same bytes (no new blob), same
   * theme id, name, description and JSON; it replaces the owner's stored theme with that theme id.
   * @param m the caller's transaction
   * @returns the owner's stored theme, or null when the source or its bytes went away meanwhile
   */
  async copy(m: EntityManager, ownerId: string, sourceId: string): Promise<StoredThemeEntity | null> {
    const source = await m.findOne(StoredThemeEntity, { where: { id: sourceId } });
    if (!source) return null;
    await this.lockOwnerTheme(m, ownerId, source.themeId);
    if (!(await this.packs.lock(m, source.packSha256))) return null;
    const old = await m.findOne(StoredThemeEntity, { where: { ownerId, themeId: source.themeId }, select: SUMMARY });
    const row = await this.upsert(m, ownerId, source.json, source.packSha256, source.sizeBytes, new Date(this.clock()));
    if (old && old.packSha256 !== source.packSha256) await this.packs.collect(m, old.packSha256);
    return row;
  }

  /** Inserts or replaces the owner's stored theme with `theme.id` (the id and createdAt of a replaced one stay). */
  private async upsert(m: EntityManager, ownerId: string, theme: Theme, sha256: string, sizeBytes: number, now: Date): Promise<StoredThemeEntity> {
    const s = schemaOf(m);
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO "${s}"."stored_themes" ("owner_id", "theme_id", "name", "description", "json", "pack_sha256", "size_bytes", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $8)
       ON CONFLICT ("owner_id", "theme_id") DO UPDATE SET
         "name" = EXCLUDED."name", "description" = EXCLUDED."description", "json" = EXCLUDED."json",
         "pack_sha256" = EXCLUDED."pack_sha256", "size_bytes" = EXCLUDED."size_bytes", "updated_at" = EXCLUDED."updated_at"
       RETURNING "id"`,
      [ownerId, theme.id, theme.name, theme.description, JSON.stringify(theme), sha256, sizeBytes, now],
    );
    return m.findOneOrFail(StoredThemeEntity, { where: { id: rows[0]!.id }, select: SUMMARY });
  }

  /** Serialises the writes of one (owner, theme id) until the transaction ends. */
  private async lockOwnerTheme(m: EntityManager, ownerId: string, themeId: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('nightfall.theme.stored_themes'), hashtext($1))`, [`${ownerId}:${themeId}`]);
  }

  private repo(m?: EntityManager): Repository<StoredThemeEntity> {
    return m ? m.getRepository(StoredThemeEntity) : this.themes;
  }
}
