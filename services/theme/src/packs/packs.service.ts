import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';
import { PackBlobEntity } from './pack-blob.entity.js';

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The pack bytes (`theme.pack_blobs`), content-addressed: one row per SHA-256, whoever uploaded them.
 * Stored themes point at a blob by its hash; a blob goes when the last stored theme pointing at it goes
 * (the foreign key of stored_themes refuses any earlier delete, also under concurrent uploads).
 */
@Injectable()
export class PacksService {
  constructor(@InjectRepository(PackBlobEntity) private readonly blobs: Repository<PackBlobEntity>) {}

  /** The blob with this hash (lowercase hex), or null. */
  find(sha256: string): Promise<PackBlobEntity | null> {
    return this.blobs.findOneBy({ sha256 });
  }

  /** Number of stored blobs with these hashes (tests and checks). */
  count(sha256s: string[]): Promise<number> {
    return this.blobs.createQueryBuilder('b').where('b.sha256 IN (:...sha256s)', { sha256s }).getCount();
  }

  /**
   * Locks the blob against deletion until the transaction ends (FOR KEY SHARE), so a stored theme can
   * point at it. @returns false when there is no such blob
   */
  async lock(m: EntityManager, sha256: string): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM ${this.table(m)} WHERE "sha256" = $1 FOR KEY SHARE`, [sha256]);
    return rows.length > 0;
  }

  /**
   * Makes sure the blob exists and stays until the transaction ends: locks an existing one (no bytes are
   * written again) or inserts it. Concurrent uploads of the same bytes write one row.
   * @param bytes the pack; `sha256` must be its hash
   */
  async ensure(m: EntityManager, sha256: string, bytes: Buffer, now: Date): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await this.lock(m, sha256)) return;
      const inserted: unknown[] = await m.query(
        `INSERT INTO ${this.table(m)} ("sha256", "bytes", "size_bytes", "created_at") VALUES ($1, $2, $3, $4) ON CONFLICT ("sha256") DO NOTHING RETURNING "sha256"`,
        [sha256, bytes, bytes.length, now],
      );
      if (inserted.length > 0) return;
      // another transaction inserted it meanwhile: lock that row (or insert again if it went away)
    }
    throw new Error(`pack ${sha256}: could not store the blob`);
  }

  /**
   * Deletes the blob when no stored theme points at it any more (after a delete or a replacement).
   * Collectors of one blob take its row lock (FOR UPDATE) one after the other and look for users only
   * then, so the last of several concurrent deleters sees the others' deletes and removes it; an upload
   * holding the blob (FOR KEY SHARE, see {@link ensure}) makes the collector wait and then keep it.
   * @returns true when the blob was deleted
   */
  async collect(m: EntityManager, sha256: string): Promise<boolean> {
    const s = this.schema(m);
    const locked: unknown[] = await m.query(`SELECT 1 FROM "${s}"."pack_blobs" WHERE "sha256" = $1 FOR UPDATE`, [sha256]);
    if (locked.length === 0) return false;
    await m.query('SAVEPOINT collect_blob');
    try {
      const res: [unknown[], number] = await m.query(
        `DELETE FROM "${s}"."pack_blobs" b WHERE b."sha256" = $1 AND NOT EXISTS (SELECT 1 FROM "${s}"."stored_themes" t WHERE t."pack_sha256" = $1)`,
        [sha256],
      );
      await m.query('RELEASE SAVEPOINT collect_blob');
      return res[1] > 0;
    } catch (err) {
      // the foreign key refused: a stored theme points at it after all, so it stays
      if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw err;
      await m.query('ROLLBACK TO SAVEPOINT collect_blob');
      return false;
    }
  }

  private schema(m: EntityManager): string {
    return schemaOf(m);
  }

  private table(m: EntityManager): string {
    return `"${this.schema(m)}"."pack_blobs"`;
  }
}
