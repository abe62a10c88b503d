/**
 * English grammar the catalogue needs to put a theme's words into sentences: a theme names roles and teams
 * ('Bad Guy', 'Hidden Enemies Team', 'Bad-guy pile'), the sentences need 'a bad guy', 'the bad guys', 'the
 * Hidden Enemies'. A second locale brings its own module. Framework-free.
 */

/** True when no word has a capital after its first letter (no acronym such as 'HR', no 'McName'). */
function plainWords(name: string): boolean {
  return name.split(/\s+/).every((w) => !/^.[^A-Z]*[A-Z]/u.test(w));
}

/**
 * A name as a common noun inside a sentence: 'Bad Guy' -> 'bad guy', 'Bad-guy pile' -> 'bad-guy pile';
 * names with acronyms or inner capitals stay as written ('HR Inbox').
 */
export function commonNoun(name: string): string {
  return plainWords(name) ? name.toLowerCase() : name;
}

/** English plural of the last word: 'Bad Guy' -> 'Bad Guys', 'Hidden Enemy' -> 'Hidden Enemies', 'Boss' -> 'Bosses'. */
export function plural(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** English singular of the last word: 'Hidden Enemies' -> 'Hidden Enemy', 'Saboteurs' -> 'Saboteur'. */
export function singular(name: string): string {
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/i.test(name)) return name.slice(0, -2);
  if (/[^s]s$/i.test(name)) return name.slice(0, -1);
  return name;
}

/** The members of a team named '... Team': 'Hidden Enemies Team' -> 'Hidden Enemies'; other names as written. */
export function teamMembers(teamName: string): string {
  const stripped = teamName.replace(/\s+team$/i, '').trim();
  return stripped === '' ? teamName : stripped;
}

/** The first letter in capitals ('viewed' -> 'Viewed'). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
