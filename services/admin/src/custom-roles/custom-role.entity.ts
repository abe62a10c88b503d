import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A custom role's title and optional image in one theme. */
export interface StoredThemeVariant {
  title: string;
  imageUrl: string;
}

/** A custom role (`admin.custom_roles`, spec 001 section 3). */
@Entity({ name: 'custom_roles' })
export class CustomRoleEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'base_name', type: 'varchar', length: 100 })
  baseName!: string;

  /** villager | werewolf | any other team label. */
  @Column({ type: 'varchar', length: 50, default: 'villager' })
  team!: string;

  @Column({ type: 'text', default: '' })
  abilities!: string;

  /** Language of the texts (spec 001 section 3); not on the wire yet, '' = unspecified. */
  @Column({ type: 'varchar', length: 20, default: '' })
  language!: string;

  /** Theme ids the role has a variant for (the keys of themeVariants), kept with the row for queries. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  themes!: string[];

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** 0 = no night action. */
  @Column({ name: 'night_order', type: 'integer', default: 0 })
  nightOrder!: number;

  /** Keyed by theme id (werewolf, russiagate, corporate, generic). */
  @Column({ name: 'theme_variants', type: 'jsonb', default: () => "'{}'::jsonb" })
  themeVariants!: Record<string, StoredThemeVariant>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
