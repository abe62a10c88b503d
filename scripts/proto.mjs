#!/usr/bin/env node
// Regenerates libs/contracts/src/gen from proto/ with buf + ts-proto (one command: `npm run proto`).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
rmSync(resolve(root, 'libs/contracts/src/gen'), { recursive: true, force: true });
execFileSync(resolve(root, 'node_modules/.bin/buf'), ['lint'], { cwd: resolve(root, 'proto'), stdio: 'inherit' });
execFileSync(resolve(root, 'node_modules/.bin/buf'), ['generate'], { cwd: resolve(root, 'proto'), stdio: 'inherit' });
console.log('proto: regenerated libs/contracts/src/gen');
