/**
 * File names of the role pictures (web/src/assets/roles/{slug}.svg): one original SVG per canonical role,
 * drawn for Nightfall (team-coloured frame: bad red, good green, neutral amber). Framework-free so that
 * unit tests can check that every role of the catalogue has its picture.
 */

/** 'Bad Guy Converter' -> 'bad-guy-converter', 'Self-Checker' -> 'self-checker'. */
export function roleArtSlug(role: string): string {
  return role
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
