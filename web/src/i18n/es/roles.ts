/**
 * The catalogue roles in Spanish (docs/rules.md "Roles"): the generic theme's name and description of each
 * role, and the how-to-play and win texts that the English screens take from @nightfall/game-rules. A role
 * missing here is a type error.
 */
import type { RoleName } from '@nightfall/game-rules';

/** What a screen says about a catalogue role. */
export interface RoleTexts {
  displayName: string;
  description: string;
  instructions: string;
  winCondition: string;
}

const GOOD_WIN = 'Ganas con el Equipo del Bien si se elimina al menos a un villano.';
const BAD_WIN = 'Tu equipo gana si no se elimina a ningún villano en la votación.';
const HOLD_WIN = 'Ganas con el equipo de la carta que tengas al final de la noche.';
const COPY_WIN = 'Ganas con el equipo del rol que copiaste.';

export const ROLES_ES: Readonly<Record<RoleName, RoleTexts>> = {
  'Bad Guy': {
    displayName: 'Villano',
    description: 'Un enemigo oculto. De noche, los villanos abren los ojos y se reconocen.',
    instructions: 'Busca a los otros villanos. Si eres el único villano, puedes mirar una carta del centro.',
    winCondition: BAD_WIN,
  },
  'Bad Guy Converter': {
    displayName: 'Villano Conversor',
    description: 'Un villano que puede convertir en villano a otro jugador con la pila de los villanos.',
    instructions: 'Puedes cambiar la carta de la pila de los villanos por la de un jugador que no sea villano.',
    winCondition: BAD_WIN,
  },
  'Advanced Bad Guy': {
    displayName: 'Villano Avanzado',
    description: 'Un villano que puede mirar la carta de otro jugador.',
    instructions: 'Ves a los otros villanos. Puedes mirar la carta de otro jugador.',
    winCondition: BAD_WIN,
  },
  'Isolated Bad Guy': {
    displayName: 'Villano Aislado',
    description: 'Un villano que no se despierta con los demás. Los otros villanos saben quién eres.',
    instructions: 'No tienes acción nocturna y no ves a los otros villanos.',
    winCondition: BAD_WIN,
  },
  'Bad Guy Helper': {
    displayName: 'Cómplice',
    description: 'Sabe quiénes son los villanos, pero ellos no conocen a su cómplice. No eres un villano.',
    instructions: 'Ves a los villanos. Protégelos durante el debate.',
    winCondition: 'Ganas con los villanos. Si no hay villanos, ganas si se elimina a alguien que no seas tú.',
  },
  'Role Locker': {
    displayName: 'Guardián',
    description: 'Pone un escudo en una carta: no se puede mirar ni mover durante el resto de la noche.',
    instructions: 'Elige a un jugador (tú incluido) para proteger su carta, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Role Copier': {
    displayName: 'Copión',
    description: 'Copia el rol de otro jugador y se convierte en ese rol durante el resto de la partida.',
    instructions: 'Elige a otro jugador para copiarlo. Si el rol copiado tiene acción nocturna, también la haces.',
    winCondition: COPY_WIN,
  },
  'Paranormal Investigator': {
    displayName: 'Investigador',
    description: 'Mira hasta dos jugadores, de uno en uno. Si ve a un villano o a un Autoeliminado, se convierte en uno.',
    instructions: 'Elige a uno o dos jugadores para investigar, o pasa.',
    winCondition: 'Ganas con el Equipo del Bien, salvo que te hayas convertido en villano o en Autoeliminado.',
  },
  Protector: {
    displayName: 'Protector',
    description: 'Protege a otro jugador: ese jugador no puede ser eliminado en la votación.',
    instructions: 'Elige a otro jugador para protegerlo de la eliminación.',
    winCondition: GOOD_WIN,
  },
  Stalker: {
    displayName: 'Acechador',
    description: 'Elige un objetivo por la noche y solo gana si ese jugador es eliminado.',
    instructions: 'Elige a otro jugador como objetivo.',
    winCondition: 'Ganas si eliminan a tu objetivo, pase lo que pase.',
  },
  'Role Looker': {
    displayName: 'Vidente',
    description: 'Mira la carta de otro jugador o dos de las cartas del centro.',
    instructions: 'Elige a otro jugador para mirar su carta, o dos cartas del centro, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Single Role Looker': {
    displayName: 'Aprendiz de Vidente',
    description: 'Mira una de las cartas del centro.',
    instructions: 'Elige una carta del centro para mirarla, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Role Revealer': {
    displayName: 'Revelador',
    description: 'Revela a todos si la carta de otro jugador es del Equipo del Bien, del equipo malo o neutral.',
    instructions: 'Elige a otro jugador cuya carta se anunciará al empezar el debate, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Role Thief': {
    displayName: 'Ladrón',
    description: 'Cambia su carta por la de otro jugador y mira la nueva.',
    instructions: 'Elige a otro jugador para robarle, o pasa. Te conviertes en el rol que robas.',
    winCondition: HOLD_WIN,
  },
  'Role Swapper': {
    displayName: 'Alborotador',
    description: 'Intercambia las cartas de otros dos jugadores sin mirarlas.',
    instructions: 'Elige a otros dos jugadores cuyas cartas se intercambiarán, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Village Idiot': {
    displayName: 'Tonto del Pueblo',
    description: 'Mueve la carta de cada uno de los demás jugadores un asiento a la izquierda o a la derecha.',
    instructions: 'Elige una dirección: izquierda mueve cada carta al asiento anterior, derecha al siguiente (las cartas protegidas no se mueven). No puedes saltarte esta acción.',
    winCondition: GOOD_WIN,
  },
  'Random Role Taker': {
    displayName: 'Borracho',
    description: 'Cambia su carta por una del centro sin mirarla.',
    instructions: 'Elige una de las tres cartas del centro (la primera por defecto). No sabrás cuál es tu nuevo rol.',
    winCondition: HOLD_WIN,
  },
  'Role Giver': {
    displayName: 'Repartidor',
    description: 'Mira una carta del centro y puede dársela a cualquier jugador, llevando la carta de ese jugador al centro.',
    instructions: 'Elige una carta del centro y un jugador (tú incluido), o pasa.',
    winCondition: GOOD_WIN,
  },
  Tapper: {
    displayName: 'Tocón',
    description: 'Toca el hombro de un vecino; el jugador tocado lo sabrá.',
    instructions: 'Elige a un jugador sentado a tu lado para tocarle el hombro.',
    winCondition: GOOD_WIN,
  },
  'Item Giver': {
    displayName: 'Curador',
    description: 'Da un artefacto al azar a un jugador; el artefacto puede cambiar el equipo de ese jugador.',
    instructions: 'Elige a un jugador (tú incluido) para recibir un artefacto al azar, o pasa.',
    winCondition: GOOD_WIN,
  },
  'Self-Checker': {
    displayName: 'Insomne',
    description: 'Se despierta el último y mira su propia carta para ver si ha cambiado.',
    instructions: 'Nada que elegir: al final de la noche verás tu carta final.',
    winCondition: HOLD_WIN,
  },
  'Mutual Knowers': {
    displayName: 'Masones',
    description: 'Los Masones se despiertan juntos y se conocen.',
    instructions: 'Ves al otro Masón, si hay uno entre los jugadores.',
    winCondition: GOOD_WIN,
  },
  'Seer Knower': {
    displayName: 'Confidente',
    description: 'Sabe quién es el Vidente.',
    instructions: 'Ves a quién le tocó el Vidente.',
    winCondition: GOOD_WIN,
  },
  'Revenge Voter': {
    displayName: 'Cazador',
    description: 'Si lo eliminan, el jugador al que votó también es eliminado.',
    instructions: 'Sin acción nocturna. Elige bien tu voto.',
    winCondition: GOOD_WIN,
  },
  'Basic Good Guy': {
    displayName: 'Ciudadano',
    description: 'Un miembro corriente del Equipo del Bien, sin habilidad especial.',
    instructions: 'Sin acción nocturna. Descubre a los villanos durante el debate.',
    winCondition: GOOD_WIN,
  },
  'Self-Eliminator': {
    displayName: 'Autoeliminado',
    description: 'Odia su trabajo y quiere ser eliminado.',
    instructions: 'Sin acción nocturna. Consigue que los demás te voten.',
    winCondition: 'Ganas si te eliminan.',
  },
  'Uneliminatable Player': {
    displayName: 'Intocable',
    description: 'No puede ser eliminado en la votación.',
    instructions: 'Sin acción nocturna.',
    winCondition: GOOD_WIN,
  },
  'Aura Seer': {
    displayName: 'Vidente de Auras',
    description: 'Ve qué jugadores movieron o miraron una carta durante la noche.',
    instructions: 'Sin acción nocturna en esta partida.',
    winCondition: GOOD_WIN,
  },
  Copycat: {
    displayName: 'Imitador',
    description: 'Se convierte en una copia de una carta del centro.',
    instructions: 'Sin acción nocturna en esta partida.',
    winCondition: COPY_WIN,
  },
  'Old Hag': {
    displayName: 'Bruja',
    description: 'Un rol de varias noches, incluido para completar los temas.',
    instructions: 'Sin acción nocturna en esta partida.',
    winCondition: GOOD_WIN,
  },
};
