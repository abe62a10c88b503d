import { useEffect } from 'react';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { GameView } from '@nightfall/game-rules';

/**
 * The deal's commitment as this browser saw it during the game (docs/rules.md "Verifiable deal"): noted in
 * localStorage while the game runs, so that at results the revealed seed is checked against what was
 * published before anyone could know the outcome, not only against the results view itself.
 */
const key = (gameId: string, round: number) => `nightfall.dealCommitment.${gameId}.${round}`;

/** Notes the commitment of a running game's view (the first one seen for its round is kept). */
export function noteCommitment(view: GameView | null | undefined): void {
  const g = view?.game;
  if (!g?.seedCommitment || g.phase === 'results' || g.phase === 'lobby') return;
  try {
    const k = key(g.id, g.round);
    if (!window.localStorage.getItem(k)) window.localStorage.setItem(k, g.seedCommitment);
  } catch {
    /* storage unavailable (private mode): only the results view's own commitment is checked */
  }
}

/** The commitment noted during this round of the game, or null (joined at results, storage unavailable). */
export function notedCommitment(view: GameView): string | null {
  try {
    return window.localStorage.getItem(key(view.game.id, view.game.round));
  } catch {
    return null;
  }
}

/** Notes the commitment of each view the game page shows. */
export function useNoteCommitment(view: GameView | null | undefined): void {
  const g = view?.game;
  useEffect(() => noteCommitment(view), [g?.id, g?.round, g?.phase, g?.seedCommitment]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** SHA-256 of a UTF-8 string as lower-case hex (@noble/hashes: works on plain http too, where WebCrypto is absent). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
