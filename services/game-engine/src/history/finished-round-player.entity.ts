import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One human player of a finished round (docs/architecture.md "History and replay"): what a user's history
 * lists, newest first. Bots have none. Goes with its round (and so with its game).
 */
@Entity({ name: 'finished_round_players' })
@Index('finished_round_players_user_idx', ['userId', 'finishedAt', 'gameId', 'round'])
export class FinishedRoundPlayerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId!: string;

  @PrimaryColumn({ type: 'int' })
  round!: number;

  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt!: Date;

  /** The card the player was dealt (a catalogue role name or `custom:<id>`). */
  @Column({ type: 'varchar', length: 64 })
  role!: string;

  /** The card held at dawn. */
  @Column({ name: 'final_role', type: 'varchar', length: 64 })
  finalRole!: string;

  /** The final team at dawn: good, bad or neutral (docs/rules.md "Identity at dawn"). */
  @Column({ type: 'varchar', length: 10 })
  team!: string;

  /** won, lost, or draw when nobody won the round. */
  @Column({ type: 'varchar', length: 5 })
  outcome!: string;
}
