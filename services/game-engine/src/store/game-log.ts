import { createHash, randomBytes } from 'node:crypto';
import { applyCommand, RulesError, seatPresenceChanged, type Command, type CommandOutcome, type GameState, type PlayerState } from '@nightfall/game-rules';

/**
 * One step of a logged change (docs/hot-path.md "The write path"): a rules command with the time and the
 * seed it was applied with, or a presence count. Replaying the steps of every log entry after the snapshot
 * rebuilds the game exactly, because `applyCommand` is a pure function of (state, command, now, seed).
 */
export type LogStep =
  | { t: 'rules'; command: Command; /** epoch ms */ now: number; seed: string }
  | {
      t: 'presence';
      userId: string;
      step: 1 | -1;
      /** the gateway's instance id (absent from older gateways) */
      gateway?: string;
      /** epoch ms of the change: a seat hold starts then (absent in older log rows: no hold) */
      now?: number;
    };

/** A change to a game: what the rules answered, the steps to log, and chat or system messages to store. */
export interface Change {
  outcome: CommandOutcome;
  steps: LogStep[];
}

/** A fresh seed for the rules engine's RNG (docs/rules.md "Setup and deal"): 16 random bytes, hex. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Applies a rules command with a fresh seed and records it as a step.
 * @param now epoch ms
 * @throws RulesError with the rules' text (nothing changed)
 */
export function rulesChange(state: GameState, command: Command, now: number): Change {
  const step: LogStep = { t: 'rules', command, now, seed: newSeed() };
  return { outcome: applyStep(state, step), steps: [step] };
}

/**
 * Applies one step to a state (pure).
 * @throws RulesError from the rules; 'Player not found' for presence of someone not seated
 */
export function applyStep(state: GameState, step: LogStep): CommandOutcome {
  if (step.t === 'rules') {
    // the deal publishes the seed's SHA-256 (docs/rules.md "Verifiable deal"); the rules library imports no hash
    const seedCommitment = step.command.type === 'start_game' ? createHash('sha256').update(step.seed, 'utf8').digest('hex') : undefined;
    return applyCommand(state, step.command, { now: step.now, seed: step.seed, seedCommitment });
  }
  const before = state.players.find((p) => p.userId === step.userId);
  if (!before) throw new PresenceError();
  const players = state.players.map((p) => (p === before ? withPresence(p, step) : p));
  const next = { ...state, players };
  // the first connection back, or the last one gone: the seat hold starts or ends (docs/rules.md "Seat hold
  // and autopilot"); only the new player object is changed
  const connected = (players.find((p) => p.userId === step.userId)!.connections ?? 0) > 0;
  if (step.now !== undefined && connected !== (before.connections ?? 0) > 0) seatPresenceChanged(next, step.userId, connected, step.now);
  return { state: next, event: 'game_updated', systemMessages: [] };
}

/**
 * A player's presence after a step: with a gateway id, the set of gateways holding a connection (adding or
 * removing the same gateway twice changes nothing) and `connections` its size; without one (an older
 * gateway), the plain count.
 */
function withPresence(p: PlayerState, step: Extract<LogStep, { t: 'presence' }>): PlayerState {
  if (!step.gateway) return { ...p, connections: Math.max(0, (p.connections ?? 0) + step.step) };
  const others = (p.gateways ?? []).filter((g) => g !== step.gateway);
  const gateways = step.step > 0 ? [...others, step.gateway] : others;
  return { ...p, gateways, connections: gateways.length };
}

/** Presence of a user who is not a player of the game. */
export class PresenceError extends Error {
  constructor() {
    super('Player not found');
  }
}

/**
 * Replays logged steps on a snapshot (recovery after a takeover or a restart).
 * @throws Error when a logged step no longer applies (a log that does not match its snapshot)
 */
export function replay(state: GameState, steps: LogStep[]): GameState {
  let s = state;
  for (const step of steps) {
    try {
      s = applyStep(s, step).state;
    } catch (err) {
      const why = err instanceof RulesError ? `${err.code}: ${err.message}` : (err as Error).message;
      throw new Error(`a logged step of game ${state.id} does not replay (${why})`, { cause: err });
    }
  }
  return s;
}
