/**
 * The Item Giver's artifacts (RULES.md section 4). The engine names an artifact by id; the client knows the
 * five of the pool by a keyword of their id or name and shows any other id as is.
 */
import type { Team } from '@nightfall/game-rules';

export type ArtifactKind = 'claw' | 'brand' | 'cudgel' | 'void' | 'mask' | 'unknown';

/** What the player sees about an artifact. */
export interface ArtifactInfo {
  kind: ArtifactKind;
  name: string;
  effect: string;
  /** Team the artifact forces on its holder, if any. */
  team?: Team;
}

const KNOWN: Record<Exclude<ArtifactKind, 'unknown'>, Omit<ArtifactInfo, 'kind'>> = {
  claw: { name: 'Claw of the Werewolf', effect: 'You are now a Hidden Enemy (a bad guy), whatever your card says.', team: 'bad' },
  brand: { name: 'Brand of the Villager', effect: 'You are now on the Good Team, whatever your card says.', team: 'good' },
  cudgel: { name: 'Cudgel of the Tanner', effect: 'You are now a Self-Eliminator: you win only if you are eliminated.', team: 'neutral' },
  void: { name: 'Void of Nothingness', effect: 'It has no effect.' },
  mask: { name: 'Mask of Muting', effect: 'You cannot send chat messages during the discussion.' },
};

/** Artifact information from an engine id ('mask_of_muting', 'Mask of Muting', 'claw'...). */
export function artifactInfo(id: string | null | undefined): ArtifactInfo | null {
  if (!id) return null;
  const key = id.toLowerCase();
  const kind = (['claw', 'brand', 'cudgel', 'void', 'mask'] as const).find((k) => key.includes(k) || (k === 'mask' && key.includes('mut')));
  if (!kind) return { kind: 'unknown', name: id, effect: '' };
  return { kind, ...KNOWN[kind] };
}

/** True when the artifact silences its holder in the discussion chat (Mask of Muting). */
export function isMutingArtifact(id: string | null | undefined): boolean {
  return artifactInfo(id)?.kind === 'mask';
}
