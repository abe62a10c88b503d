/**
 * The built-in generic theme in Spanish (spec 001 section 1's generic theme, translated): same id, colours and
 * pictures, the roles' names and descriptions of `./roles.ts`.
 */
import { GENERIC_THEME } from '@nightfall/themes';
import type { Theme, ThemeRole } from '@nightfall/themes';
import type { RoleName } from '@nightfall/game-rules';
import { ROLES_ES } from './roles';

const roles = Object.fromEntries(
  Object.entries(ROLES_ES).map(([name, r]) => [name, Object.freeze({ displayName: r.displayName, description: r.description })]),
) as Record<RoleName, ThemeRole>;

/** The generic theme with Spanish names. */
export const GENERIC_THEME_ES: Theme = Object.freeze({
  ...GENERIC_THEME,
  name: 'Deducción social genérica',
  description: 'El tema incluido: nombres sencillos de los roles para cualquier grupo.',
  text: Object.freeze({
    gameTitle: 'Nightfall',
    lobbyTitle: 'Sala de espera',
    homeTitle: 'Nightfall',
    homeSubtitle: 'Un juego de deducción social para 3 a 10 jugadores. Descubre a los enemigos ocultos entre vosotros.',
    nightPhase: 'Fase de noche',
    nightActions: 'Acciones nocturnas',
  }),
  roles: Object.freeze(roles),
  teams: Object.freeze({
    bad: Object.freeze({ ...GENERIC_THEME.teams.bad, displayName: 'Equipo de los Enemigos Ocultos' }),
    good: Object.freeze({ ...GENERIC_THEME.teams.good, displayName: 'Equipo del Bien' }),
    neutral: Object.freeze({ ...GENERIC_THEME.teams.neutral, displayName: 'Neutral' }),
  }),
  actions: Object.freeze({
    badGuyPile: 'Pila de los villanos',
    badGuyPileCheck: 'Miraste la pila de los villanos',
    converted: 'Te han convertido',
    robbed: 'Te han robado el rol',
    swapped: 'intercambió',
    viewed: 'miró',
  }),
}) as Theme;
