/**
 * The Item Giver's artifacts (docs/rules.md "Artifacts") as the player sees them. Teams and muting are the
 * rules engine's (`ARTIFACTS` of @nightfall/game-rules); names and effects are the catalogue's
 * (`RuleText.artifactName` / `artifactEffect`); the client adds only the icon kind. An unknown id is shown
 * as is.
 */
import { artifactOf, type ArtifactId, type Team } from '@nightfall/game-rules';

export type ArtifactKind = 'claw' | 'brand' | 'cudgel' | 'void' | 'mask' | 'unknown';

/** What the rules tell about an artifact, for its icon and colour. */
export interface ArtifactInfo {
  id: string;
  kind: ArtifactKind;
  /** Team the artifact forces on its holder, if any. */
  team?: Team;
}

/** Icon kind of each artifact of the pool. */
const KINDS: Record<ArtifactId, Exclude<ArtifactKind, 'unknown'>> = {
  claw_of_the_werewolf: 'claw',
  brand_of_the_villager: 'brand',
  cudgel_of_the_tanner: 'cudgel',
  void_of_nothingness: 'void',
  mask_of_muting: 'mask',
};

/** Artifact information from an engine id ('mask_of_muting'...). */
export function artifactInfo(id: string | null | undefined): ArtifactInfo | null {
  if (!id) return null;
  const def = artifactOf(id);
  if (!def) return { id, kind: 'unknown' };
  return { id: def.id, kind: KINDS[def.id], ...(def.team ? { team: def.team } : {}) };
}

/** True when the artifact silences its holder in the discussion chat (the engine's `mutes`: Mask of Muting). */
export function isMutingArtifact(id: string | null | undefined): boolean {
  return artifactOf(id)?.mutes === true;
}
