import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Seat of a user in a game (spec 000 section 3 "player"): a projection of GameState.players written
 * in the same transaction as the game, for lookups (who is in which game) and reporting.
 */
@Entity({ name: 'players' })
@Index(['gameId', 'userId'], { unique: true })
export class PlayerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId!: string;

  @Index()
  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 50 })
  displayName!: string;

  @Column({ name: 'seat_position', type: 'int', default: 0 })
  seatPosition!: number;

  @Column({ name: 'is_bot', type: 'boolean', default: false })
  isBot!: boolean;

  @Column({ name: 'original_role', type: 'varchar', length: 64, nullable: true })
  originalRole!: string | null;

  @Column({ name: 'current_role', type: 'varchar', length: 64, nullable: true })
  currentRole!: string | null;

  @Column({ name: 'joined_at', type: 'timestamptz' })
  joinedAt!: Date;
}
