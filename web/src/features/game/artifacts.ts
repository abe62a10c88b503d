/**
 * The Item Giver's artifacts (docs/rules.md "Night resolution") as the player sees them. Names, teams and muting are the
 * rules engine's (`ARTIFACTS` of @nightfall/game-rules); the client adds only the icon kind and the
 * generic theme's wording of each effect. An unknown id is shown as is.
 */
import { artifactOf, type ArtifactId, type Team } from '@nightfall/game-rules';

export type ArtifactKind = 'claw' | 'brand' | 'cudgel' | 'void' | 'mask' | 'unknown';

/** What the player sees about an artifact. */
export interface ArtifactInfo {
  kind: ArtifactKind;
  name: string;
  effect: string;
  /** Team the artifact forces on its holder, if any. */
  team?: Team;
}

/** Icon kind and the generic theme's effect text of each artifact of the pool. */
const PRESENTATION: Record<ArtifactId, { kind: Exclude<ArtifactKind, 'unknown'>; effect: string }> = {
  claw_of_the_werewolf: { kind: 'claw', effect: 'You are now a Hidden Enemy (a bad guy), whatever your card says.' },
  brand_of_the_villager: { kind: 'brand', effect: 'You are now on the Good Team, whatever your card says.' },
  cudgel_of_the_tanner: { kind: 'cudgel', effect: 'You are now a Self-Eliminator: you win only if you are eliminated.' },
  void_of_nothingness: { kind: 'void', effect: 'It has no effect.' },
  mask_of_muting: { kind: 'mask', effect: 'You cannot send chat messages during the discussion.' },
};

/** Artifact information from an engine id ('mask_of_muting'...). */
export function artifactInfo(id: string | null | undefined): ArtifactInfo | null {
  if (!id) return null;
  const def = artifactOf(id);
  if (!def) return { kind: 'unknown', name: id, effect: '' };
  return { ...PRESENTATION[def.id], name: def.name, ...(def.team ? { team: def.team } : {}) };
}

/** True when the artifact silences its holder in the discussion chat (the engine's `mutes`: Mask of Muting). */
export function isMutingArtifact(id: string | null | undefined): boolean {
  return artifactOf(id)?.mutes === true;
}
