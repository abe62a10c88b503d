import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's theme preference (`theme.user_theme_preferences`, spec 001 section 3 "Theme preference"). */
@Entity({ name: 'user_theme_preferences' })
export class UserPreferenceEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** 'generic' or the theme id of one of the user's stored themes. */
  @Column({ name: 'preferred_theme_id', type: 'varchar', length: 64 })
  preferredThemeId!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
