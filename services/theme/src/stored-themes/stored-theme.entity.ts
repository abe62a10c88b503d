import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Theme } from '@nightfall/themes';

/** A user's stored theme (`theme.stored_themes`, spec 001 section 3 "Stored theme (server)"). */
@Entity({ name: 'stored_themes' })
export class StoredThemeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  /** The manifest's id, up to 64 characters; unique per owner. */
  @Column({ name: 'theme_id', type: 'varchar', length: 64 })
  themeId!: string;

  /** Up to 80 characters. */
  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  /** The checked, completed theme of the pack's manifest.json (`validateTheme`). */
  @Column({ type: 'jsonb' })
  json!: Theme;

  /** Up to 20 characters, 'private'. */
  @Column({ type: 'varchar', length: 20, default: 'private' })
  visibility!: string;

  /** The pack's bytes (`pack_blobs.sha256`). */
  @Column({ name: 'pack_sha256', type: 'char', length: 64 })
  packSha256!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
