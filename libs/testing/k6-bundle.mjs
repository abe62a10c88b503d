#!/usr/bin/env node
// Generates deploy/k6/lib/simulated-player.js from src/simulated-player.ts, so the k6 load test plays with
// the same move logic as the integration tests and the bench (one source, no hand port). Part of this
// package's `build` (after tsc); the output is committed because k6 runs the deploy/k6 files as they are.
//
// The TypeScript is transpiled on its own (typescript's transpileModule: types erased, nothing bundled):
// the source has type-only imports, so the result is a plain ES module without imports or Node APIs,
// which k6 can import. Target ES2019 (no `?.` / `??` in the output) for older k6 JavaScript engines.
//
//   node libs/testing/k6-bundle.mjs           write the file when it differs
//   node libs/testing/k6-bundle.mjs --check   exit 1 when the committed file differs from a fresh generation
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
export const SOURCE = resolve(HERE, 'src/simulated-player.ts');
export const OUTPUT = resolve(ROOT, 'deploy/k6/lib/simulated-player.js');

/** The generated module's text. @throws when the source has runtime imports or uses Node APIs */
export function render() {
  const source = readFileSync(SOURCE, 'utf8');
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName: 'simulated-player.ts',
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2019,
      module: ts.ModuleKind.ES2020,
      verbatimModuleSyntax: true,
      removeComments: false,
      sourceMap: false,
      newLine: ts.NewLineKind.LineFeed,
    },
  });
  if (diagnostics?.length) {
    throw new Error(`k6-bundle: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
  }
  const body = outputText.replace(/^export \{\};\s*$/m, '').trimEnd();
  const imports = [...body.matchAll(/^\s*import\s.*$|\bimport\s*\(|\brequire\s*\(/gm)].map((m) => m[0].trim());
  if (imports.length) throw new Error(`k6-bundle: ${relative(ROOT, SOURCE)} must have type-only imports (k6 cannot load ${imports.join(', ')})`);
  if (/\b(process|Buffer|__dirname|globalThis\.process)\b/.test(body.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))) {
    throw new Error(`k6-bundle: ${relative(ROOT, SOURCE)} uses a Node API, which k6 does not have`);
  }
  return [
    '// GENERATED FILE, do not edit: transpiled from libs/testing/src/simulated-player.ts by',
    '// libs/testing/k6-bundle.mjs (run by `npm run build -w @nightfall/testing` and every `nx run-many -t build`).',
    '// A test of @nightfall/testing fails when this file differs from a fresh generation.',
    body,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fresh = render();
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : null;
  if (process.argv.includes('--check')) {
    if (current !== fresh) {
      console.error(`${relative(ROOT, OUTPUT)} differs from a fresh generation from ${relative(ROOT, SOURCE)}: run \`npm run build -w @nightfall/testing\` and commit it`);
      process.exit(1);
    }
    console.log(`${relative(ROOT, OUTPUT)} is up to date`);
  } else if (current !== fresh) {
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, fresh);
    console.log(`k6-bundle: wrote ${relative(ROOT, OUTPUT)}`);
  }
}
