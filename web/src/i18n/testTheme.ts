/**
 * A themed pack for the unit tests of the catalogue and the role display (a 'corporate' renaming of the
 * generic theme, as spec 001's sample packs do): renamed roles, teams, colours, night phase and pile.
 */
import { GENERIC_THEME } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';

/** The test theme: Saboteurs against the Loyal Staff Team, in the Lunch Break Phase. */
export const CORPORATE_TEST_THEME: Theme = {
  ...GENERIC_THEME,
  id: 'corporate-test',
  name: 'Corporate Lunch',
  text: { ...GENERIC_THEME.text, nightPhase: 'Lunch Break Phase', nightActions: 'Lunch Break Actions' },
  roles: {
    ...GENERIC_THEME.roles,
    'Bad Guy': { displayName: 'Saboteur', description: 'Quietly ruins the quarter.' },
    'Role Looker': { displayName: 'Auditor', description: 'Reads one file.', teamLabel: 'Compliance' },
    'Mutual Knowers': { displayName: 'Coworkers', description: 'Know each other.' },
    'Role Revealer': { displayName: 'Whistleblower', description: 'Tells everyone.' },
    'Self-Eliminator': { displayName: 'Quitter', description: 'Wants to be fired.' },
  },
  teams: {
    bad: { displayName: 'Saboteurs', color: '#ff0000' },
    good: { displayName: 'Loyal Staff Team', color: '#00ff00' },
    neutral: { displayName: 'Freelancers', color: '#0000ff' },
  },
  actions: { ...GENERIC_THEME.actions, badGuyPile: 'Shredder bin', viewed: 'audited', swapped: 'reshuffled' },
};
