import { Injectable } from '@nestjs/common';
import type { gameV1 } from '@nightfall/contracts';
import { playerNotFound } from '../game-error-code.js';
import { GameStore } from '../store/game-store.service.js';

/**
 * Presence: how many realtime connections each player has open (the online dot). Not a rule: the
 * counter lives on the player's state, never goes below 0, and changes the game's version.
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
    const step = Math.sign(delta);
    const done = await this.store.mutate(gameId, (s) => {
      const next = structuredClone(s);
      const p = next.players.find((x) => x.userId === userId);
      if (!p) throw playerNotFound();
      p.connections = Math.max(0, (p.connections ?? 0) + step);
      return { state: next, event: 'game_updated', systemMessages: [] };
    });
    return { version: done.version };
  }
}
