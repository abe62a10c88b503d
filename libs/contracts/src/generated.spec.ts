import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const committed = resolve(root, 'libs/contracts/src/gen');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

describe('committed ts-proto output', () => {
  it('equals a fresh generation from proto/ (run `npm run proto` after changing a .proto file)', () => {
    const out = mkdtempSync(join(tmpdir(), 'nf-proto-'));
    try {
      const template = readFileSync(resolve(root, 'proto/buf.gen.yaml'), 'utf8')
        .replace('../node_modules/.bin/protoc-gen-ts_proto', resolve(root, 'node_modules/.bin/protoc-gen-ts_proto'))
        .replace('../libs/contracts/src/gen', out);
      const templatePath = join(out, 'buf.gen.yaml');
      writeFileSync(templatePath, template);
      execFileSync(resolve(root, 'node_modules/.bin/buf'), ['generate', '--template', templatePath], {
        cwd: resolve(root, 'proto'),
        stdio: 'pipe',
      });
      const fresh = listFiles(out).filter((f) => f.endsWith('.ts')).map((f) => relative(out, f)).sort();
      const existing = listFiles(committed).map((f) => relative(committed, f)).sort();
      expect(existing).toEqual(fresh);
      for (const file of fresh) {
        expect(readFileSync(join(committed, file), 'utf8')).toBe(readFileSync(join(out, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
