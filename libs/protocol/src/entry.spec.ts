/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_MAX, DISPLAY_NAME_MAX, MAX_PLAYERS } from '@nightfall/game-rules';
import { GAME_LIMITS, LIMITS, TRANSPORT_LIMITS, isGameEventKind } from './index.js';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Module specifiers a source file loads at run time (`import type` / `export type` lines are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
    if (!m[2]) out.push(m[3] as string);
  }
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) out.push(m[1] as string);
  return out;
}

describe('main entry (zod-free, for the browser)', () => {
  it('loads no zod at run time, directly or through its own modules', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        if (spec.startsWith('./')) visit(spec.slice(2).replace(/\.js$/, '.ts'));
        else external.add(spec);
      }
    };
    visit('index.ts');
    expect(seen.has('schemas.ts')).toBe(false);
    expect([...external].filter((s) => s === 'zod' || s.startsWith('zod/'))).toEqual([]);
  });

  it('takes the game limits from game-rules and adds only transport limits', () => {
    const gameValues = new Set<number>(Object.values(GAME_LIMITS));
    for (const [name, value] of Object.entries(LIMITS)) {
      if (name in TRANSPORT_LIMITS) expect(value).toBe(TRANSPORT_LIMITS[name as keyof typeof TRANSPORT_LIMITS]);
      else expect(gameValues.has(value)).toBe(true);
    }
    expect([LIMITS.maxPlayers, LIMITS.displayNameMaxLength, LIMITS.chatMaxLength]).toEqual([MAX_PLAYERS, DISPLAY_NAME_MAX, CHAT_MAX]);
  });

  it('recognises the three snapshot kinds only', () => {
    expect(['game_updated', 'player_joined', 'phase_changed'].every(isGameEventKind)).toBe(true);
    expect(['joined', 'pong', 'notice', 'error', 'toString', 42, null].some(isGameEventKind)).toBe(false);
  });
});
