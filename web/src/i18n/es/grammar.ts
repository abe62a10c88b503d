/**
 * Spanish grammar for a theme's words in sentences (the counterpart of `../en/grammar.ts`): 'Villano' ->
 * 'villano' in a sentence, 'villanos' in the plural, 'Equipo de los Enemigos Ocultos' -> 'Enemigos Ocultos'.
 * Nouns and their adjectives agree, so every word before the first preposition takes the number
 * ('Villano Avanzado' -> 'Villanos Avanzados', 'Pila de los villanos' -> 'Pilas de los villanos').
 * Framework-free.
 */
import { capitalize, commonNoun } from '../en/grammar';

export { capitalize, commonNoun };

/** Words after which the rest of a name is a complement that keeps its number ('de los villanos'). */
const LINKS = new Set(['de', 'del', 'al', 'a', 'en', 'con', 'y', 'sin', 'of', 'the']);

const UNACCENT: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

/** Plural of one word: 'Villano' -> 'Villanos', 'Ladrón' -> 'Ladrones', 'Protector' -> 'Protectores', 'Luz' -> 'Luces'. */
function pluralWord(word: string): string {
  if (/[aeiouáéó]$/i.test(word)) return `${word}s`;
  // 'Inglés' -> 'Ingleses'; an unstressed -s or -x stays ('Lunes', 'Tórax', an English 'Saboteurs').
  if (/[áéíóú]s$/i.test(word)) return `${word.replace(/[áéíóú](?=s$)/i, (v) => UNACCENT[v.toLowerCase()] ?? v)}es`;
  if (/[sx]$/i.test(word)) return word;
  if (/z$/i.test(word)) return `${word.slice(0, -1)}${word.endsWith('Z') ? 'CES' : 'ces'}`;
  if (/[íú]$/i.test(word)) return `${word}es`;
  // A stressed last syllable loses its accent in the plural: 'Ladrón' -> 'Ladrones', 'Guardián' -> 'Guardianes'.
  return `${word.replace(/[áéíóú](?=[nl]$)/i, (v) => UNACCENT[v.toLowerCase()] ?? v)}es`;
}

/** Singular of one word: the inverse of {@link pluralWord} for the common endings. */
function singularWord(word: string): string {
  if (/ces$/i.test(word)) return `${word.slice(0, -3)}z`;
  if (/ones$/i.test(word)) return `${word.slice(0, -4)}ón`;
  if (/anes$/i.test(word)) return `${word.slice(0, -4)}án`;
  if (/[^aeiou]es$/i.test(word) && /[rlndj]es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** Applies `change` to every word up to the first linking word ('de', 'del'...), keeping spaces. */
function eachHeadWord(name: string, change: (word: string) => string): string {
  const parts = name.split(/(\s+)/);
  let linked = false;
  return parts
    .map((part) => {
      if (/^\s+$/.test(part) || part === '') return part;
      if (linked || LINKS.has(part.toLowerCase())) {
        linked = true;
        return part;
      }
      return change(part);
    })
    .join('');
}

/** Spanish plural of a name: 'Villano Avanzado' -> 'Villanos Avanzados', 'Pila de los villanos' -> 'Pilas de los villanos'. */
export function plural(name: string): string {
  return eachHeadWord(name, pluralWord);
}

/** Spanish singular of a name: 'Enemigos Ocultos' -> 'Enemigo Oculto', 'Ladrones' -> 'Ladrón'. */
export function singular(name: string): string {
  return eachHeadWord(name, singularWord);
}

/**
 * The members of a team: 'Equipo de los Enemigos Ocultos' -> 'Enemigos Ocultos'; an English pack's 'Hidden
 * Enemies Team' -> 'Hidden Enemies'; other names ('Equipo del Bien', 'Saboteadores') as written.
 */
export function teamMembers(teamName: string): string {
  const stripped = teamName
    .replace(/^equipo\s+de\s+(los|las)\s+/i, '')
    .replace(/\s+team$/i, '')
    .trim();
  return stripped === '' ? teamName : stripped;
}
