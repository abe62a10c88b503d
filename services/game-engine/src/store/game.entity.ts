import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { GameState } from '@nightfall/game-rules';

/**
 * A game (spec 000 section 3 "game") and its snapshot (docs/hot-path.md "The write path"): `state` is the
 * rules state (GameState of @nightfall/game-rules, including the secret seed and cards) at `version`; the
 * changes after it are rows of `game_log`. `deadlineAt` mirrors the snapshot's deadline so replicas find
 * orphaned games with a pending deadline; `ownerId` is the engine that owns the game and `fence` its
 * fencing token (raised by every takeover).
 */
@Entity({ name: 'games' })
export class GameEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index({ unique: true })
  @Column({ name: 'room_code', type: 'varchar', length: 6 })
  roomCode!: string;

  @Column({ name: 'host_id', type: 'varchar', length: 64 })
  hostId!: string;

  @Column({ type: 'varchar', length: 20, default: 'lobby' })
  phase!: string;

  @Column({ name: 'theme_id', type: 'varchar', length: 50, default: 'generic' })
  themeId!: string;

  @Column({ type: 'int', default: 0 })
  version!: number;

  @Column({ type: 'jsonb' })
  state!: GameState;

  @Index()
  @Column({ name: 'deadline_at', type: 'timestamptz', nullable: true })
  deadlineAt!: Date | null;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ type: 'bigint', default: 0 })
  fence!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
