import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const lib = resolve(import.meta.dirname, '..');
const generated = resolve(lib, '../../deploy/k6/lib/simulated-player.js');

describe('k6 move logic (deploy/k6/lib/simulated-player.js)', () => {
  it('equals a fresh generation from src/simulated-player.ts (run `npm run build -w @nightfall/testing` and commit it)', () => {
    // exits 1 with the reason when the committed file differs
    expect(() => execFileSync(process.execPath, [resolve(lib, 'k6-bundle.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('is a plain ES module without imports, which game-flow.js uses instead of its own copy', () => {
    const text = readFileSync(generated, 'utf8');
    expect(text).toMatch(/^export function nextSimulatedMove\(/m);
    expect(text).toMatch(/^export function nightActionsTaken\(/m);
    expect(text).toMatch(/^export function choosesAgainAfterRefusal\(/m);
    expect(text).not.toMatch(/^\s*import\s/m);
    const flow = readFileSync(resolve(lib, '../../deploy/k6/game-flow.js'), 'utf8');
    expect(flow).toContain("import { choosesAgainAfterRefusal, nextSimulatedMove, nightActionsTaken } from './lib/simulated-player.js';");
    expect(flow).not.toMatch(/function (nextMove|chooseAction|nightActionsTaken|choosesAgainAfterRefusal)\b/);
  });
});
