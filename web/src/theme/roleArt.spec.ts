import { ROLE_LIST } from '../../../libs/game-rules/src/catalogue.js';
import { roleArtSlug } from './roleArtSlug';

// node:fs without Node's types in the app's tsconfig (the browser app does not include them).
const fsModule = 'node:fs';
const { existsSync, readFileSync } = (await import(fsModule)) as { existsSync(p: URL): boolean; readFileSync(p: URL, enc: 'utf8'): string };
const fileOf = (slug: string) => new URL(`../assets/roles/${slug}.svg`, import.meta.url);
const TEAM_COLOURS = { bad: '#ef4444', good: '#22c55e', neutral: '#f59e0b' } as const;

describe('role pictures', () => {
  it('slugs role names', () => {
    expect(roleArtSlug('Bad Guy Converter')).toBe('bad-guy-converter');
    expect(roleArtSlug('Self-Checker')).toBe('self-checker');
  });

  it('has its own SVG for each of the 30 roles, framed in the team colour', () => {
    expect(ROLE_LIST).toHaveLength(30);
    const seen = new Set<string>();
    for (const role of ROLE_LIST) {
      const file = fileOf(roleArtSlug(role.name));
      expect(existsSync(file)).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`aria-label="${role.name}"`);
      expect(svg).toContain(`stroke="${TEAM_COLOURS[role.team]}"`);
      const body = svg.replace(/aria-label="[^"]*"/, '');
      expect(seen.has(body)).toBe(false);
      seen.add(body);
    }
  });
});
