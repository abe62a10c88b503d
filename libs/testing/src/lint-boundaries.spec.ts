import { resolve } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The lint gate of `npm test` fails on a module-boundary violation (docs/architecture.md "Module
 * boundaries", eslint.config.js): in-memory files placed in the tree's folders, linted with the root config.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

describe('module boundaries (eslint.config.js, boundaries/dependencies)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  /** The rule ids and messages ESLint reports for `code` as if it were the file at `path` (from the root). */
  async function lint(path: string, code: string): Promise<Array<{ ruleId: string | null; message: string }>> {
    const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
    return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  }

  const violation = (message: RegExp) => [{ ruleId: 'boundaries/dependencies', message: expect.stringMatching(message) }];

  it('rejects game-rules importing @nightfall/protocol', async () => {
    const code = "import { LIMITS } from '@nightfall/protocol';\nexport const limits = LIMITS;\n";
    expect(await lint('libs/game-rules/src/lint-probe.ts', code)).toEqual(violation(/^rules may not import protocol/));
  });

  it('rejects game-rules importing a package or a Node built-in (the rules engine is pure)', async () => {
    const code = "import { readFileSync } from 'node:fs';\nimport { z } from 'zod';\nexport const io = [readFileSync, z];\n";
    expect(await lint('libs/game-rules/src/lint-probe.ts', code)).toEqual([
      ...violation(/^rules may not import 'node:fs'/),
      ...violation(/^rules may not import 'zod'/),
    ]);
  });

  it("rejects a service importing another service's source, by path or by package name", async () => {
    const byPath = "import { AppModule } from '../../identity/src/app.module.js';\nexport const app = AppModule;\n";
    expect(await lint('services/gateway/src/lint-probe.ts', byPath)).toEqual(violation(/^service gateway may not import service identity/));
    const byName = "import * as billing from '@nightfall/billing';\nexport const b = billing;\n";
    expect(await lint('services/game-engine/src/lint-probe.ts', byName)).toEqual(violation(/^service game-engine may not import service billing/));
  });

  it('rejects web importing @nightfall/server-kit', async () => {
    const code = "import { isUuid } from '@nightfall/server-kit';\nexport const check = isUuid;\n";
    expect(await lint('web/src/lib/lint-probe.ts', code)).toEqual(violation(/^web may not import server-kit/));
  });

  it('rejects a lib importing scripts/', async () => {
    const code = "import { ROOT } from '../../../scripts/lib/workspace.mjs';\nexport const root = ROOT;\n";
    expect(await lint('libs/server-kit/src/lint-probe.ts', code)).toEqual(violation(/^server-kit may not import scripts/));
  });

  it("rejects zod in protocol's main entry, and allows it in src/schemas.ts", async () => {
    const code = "import { z } from 'zod';\nexport const schema = z.string();\n";
    expect(await lint('libs/protocol/src/index.ts', code)).toEqual(violation(/^protocol main entry may not import zod/));
    expect(await lint('libs/protocol/src/schemas.ts', code)).toEqual([]);
  });

  it("rejects a value import of protocol's schemas into its main entry, and allows a type import", async () => {
    const value = "import { clientMessageSchema } from './schemas.js';\nexport const schema = clientMessageSchema;\n";
    expect(await lint('libs/protocol/src/index.ts', value)).toEqual([
      { ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('pulls zod into the main entry') },
    ]);
    const typeOnly = "export type { ClientMessage } from './schemas.js';\n";
    expect(await lint('libs/protocol/src/index.ts', typeOnly)).toEqual([]);
  });

  it('rejects a service importing @nightfall/testing outside its tests, and allows it in a spec', async () => {
    const code = "import { api } from '@nightfall/testing';\nexport const call = api;\n";
    expect(await lint('services/gateway/src/lint-probe.ts', code)).toEqual(violation(/^service gateway may not import testing/));
    expect(await lint('services/gateway/src/lint-probe.spec.ts', code)).toEqual([]);
  });

  it('allows the dependencies the architecture allows (service -> server-kit, protocol, contracts, rules)', async () => {
    const code = [
      "import { isUuid } from '@nightfall/server-kit';",
      "import { LIMITS } from '@nightfall/protocol';",
      "import { clientMessageSchema } from '@nightfall/protocol/schemas';",
      "import { gameV1 } from '@nightfall/contracts';",
      "import { createGame } from '@nightfall/game-rules';",
      "import { Injectable } from '@nestjs/common';",
      'export const used = [isUuid, LIMITS, clientMessageSchema, gameV1, createGame, Injectable];',
      '',
    ].join('\n');
    expect(await lint('services/game-engine/src/lint-probe.ts', code)).toEqual([]);
  });
});
