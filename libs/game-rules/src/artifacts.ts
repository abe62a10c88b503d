/**
 * The Item Giver's artifacts (docs/rules.md "Artifacts"). The holder learns its artifact in the night results;
 * an artifact overrides the card underneath and any transformation (docs/rules.md "Wins").
 */
import type { ArtifactDefinition, ArtifactId } from './types.js';

const DEFS: ArtifactDefinition[] = [
  {
    id: 'claw_of_the_werewolf',
    name: 'Claw of the Werewolf',
    description: 'You are now a bad guy (a wolf), whatever your card says.',
    team: 'bad',
    isWolf: true,
    winRole: 'Bad Guy',
    mutes: false,
  },
  {
    id: 'brand_of_the_villager',
    name: 'Brand of the Villager',
    description: 'You are now on the Good Team, whatever your card says.',
    team: 'good',
    isWolf: false,
    winRole: 'Basic Good Guy',
    mutes: false,
  },
  {
    id: 'cudgel_of_the_tanner',
    name: 'Cudgel of the Tanner',
    description: 'You now win only if you are eliminated, whatever your card says.',
    team: 'neutral',
    isWolf: false,
    winRole: 'Self-Eliminator',
    mutes: false,
  },
  {
    id: 'void_of_nothingness',
    name: 'Void of Nothingness',
    description: 'This artifact has no effect.',
    team: null,
    isWolf: false,
    winRole: null,
    mutes: false,
  },
  {
    id: 'mask_of_muting',
    name: 'Mask of Muting',
    description: 'You cannot send chat messages during the discussion.',
    team: null,
    isWolf: false,
    winRole: null,
    mutes: true,
  },
];

/** The artifact pool by id (docs/rules.md "Artifacts"). Frozen. */
export const ARTIFACTS: Readonly<Record<ArtifactId, ArtifactDefinition>> = Object.freeze(
  Object.fromEntries(DEFS.map((d) => [d.id, Object.freeze({ ...d })])) as Record<ArtifactId, ArtifactDefinition>,
);

/** Artifact ids in pool order (the order the Item Giver's draw uses). */
export const ARTIFACT_IDS: readonly ArtifactId[] = Object.freeze(DEFS.map((d) => d.id));

/** The artifact definition of an id (docs/rules.md "Artifacts"), or null for an unknown/absent id. */
export function artifactOf(id: string | null | undefined): ArtifactDefinition | null {
  return id && Object.prototype.hasOwnProperty.call(ARTIFACTS, id) ? ARTIFACTS[id as ArtifactId] : null;
}
