import { Injectable } from '@nestjs/common';
import type { gameV1 } from '@nightfall/contracts';
import { applyStep, type LogStep } from '../store/game-log.js';
import { GameStore } from '../store/game-store.service.js';

/**
 * Presence: how many realtime connections each player has open (the online dot). Not a rule: the
 * counter lives on the player's state, never goes below 0, and is a logged step like any change, so a
 * replica that takes the game over knows who is connected (docs/hot-path.md "Presence").
 */
@Injectable()
export class PresenceService {
  constructor(private readonly store: GameStore) {}

  /**
   * Counts a player's open realtime connections.
   * @param delta +1 (first connection on a gateway) or -1 (last one closed); only its sign counts
   * @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found'
   */
  async update(gameId: string, userId: string, delta: number): Promise<gameV1.UpdatePresenceResponse> {
    const step: LogStep = { t: 'presence', userId, step: delta < 0 ? -1 : 1 };
    const done = await this.store.mutate(gameId, (s) => ({ outcome: applyStep(s, step), steps: [step] }));
    return { version: done.version };
  }
}
