/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every non-test source file of the rules lib. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [full] : [];
  });
}

describe('module boundaries (docs/architecture.md: the rules lib imports no framework and does no I/O)', () => {
  const files = sources(resolve(import.meta.dirname));

  it('imports only its own modules', () => {
    const offending: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const spec = m[1] ?? m[2]!;
        if (!spec.startsWith('./') && !spec.startsWith('../')) offending.push(`${file}: ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('uses no Node or browser I/O globals', () => {
    const offending = files.filter((f) => /\b(process\.|require\(|fetch\(|setTimeout\(|setInterval\(|Date\.now\(|Math\.random\(|console\.)/.test(readFileSync(f, 'utf8')));
    expect(offending).toEqual([]);
  });

  it('has at least the engine entry points', () => {
    expect(files.some((f) => f.endsWith('engine.ts'))).toBe(true);
  });
});
