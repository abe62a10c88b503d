import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GameState } from '@nightfall/game-rules';
import type { HistoryPlayer } from './history-records.js';

/**
 * A finished round of a game (docs/architecture.md "History and replay"): written in the group commit that
 * moved the round to results, with the players as the results showed them and the finished state (the
 * replay's source: `playerView(state, user)` is that user's results view). Goes with its game.
 */
@Entity({ name: 'finished_rounds' })
export class FinishedRoundEntity {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId!: string;

  /** The game's round counter (1 for the first round; Play Again adds 1: docs/rules.md "Phases"). */
  @PrimaryColumn({ type: 'int' })
  round!: number;

  @Column({ name: 'room_code', type: 'varchar', length: 6 })
  roomCode!: string;

  /** When the round reached its results (the state's phaseStartedAt). */
  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt!: Date;

  @Column({ type: 'jsonb' })
  players!: HistoryPlayer[];

  @Column({ type: 'jsonb' })
  state!: GameState;
}
