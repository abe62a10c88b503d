import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A global setting of the theme service (`theme.global_settings`, spec 001 section 3 "Global setting"): defaultTheme. */
@Entity({ name: 'global_settings' })
export class GlobalSettingEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique, up to 100 characters. */
  @Column({ type: 'varchar', length: 100, unique: true })
  key!: string;

  /** defaultTheme: 'generic' or the id (uuid) of a stored theme. */
  @Column({ type: 'text', default: '' })
  value!: string;

  /** The admin who wrote it last. */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
