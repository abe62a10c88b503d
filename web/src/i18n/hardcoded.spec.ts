import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findHardCodedTexts, isWords } from '../testing/hardcoded';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every file under `dir` whose name passes `keep`. */
function files(dir: string, keep: (name: string, path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(name, path) ? [path] : [];
  });
}

/** Every `.tsx` file under web/src. */
const components = (dir: string) => files(dir, (name) => name.endsWith('.tsx'));

describe('the hard-coded text scanner', () => {
  it('finds text in JSX and in visible attributes, not in t() calls, class names or symbols', () => {
    const fixture = `
      export function Bad({ ok }: { ok: boolean }) {
        return (
          <div className="nf-row" data-testid="vote-card" title="Vote now">
            <h1>Welcome back</h1>
            <Input placeholder={'Your name'} aria-label={\`Seat \${1}\`} />
            <Button okText={ok ? 'Yes' : t('common.no')}>{t('vote.button', { name: 'Ava' })}</Button>
            <span>{'Loading'}</span>
            <span>·</span> <span>→ {count} / 10</span>
            <img alt="" src="/x.png" />
          </div>
        );
      }`;
    const hits = findHardCodedTexts(fixture, 'fixture.tsx').map((h) => `${h.line} ${h.where}: ${h.text}`);
    expect(hits).toEqual(['4 title: Vote now', '5 jsx-text: Welcome back', '6 placeholder: Your name', '6 aria-label: Seat', '7 okText: Yes', '8 jsx-text: Loading']);
  });

  it('finds toast texts and modal or menu texts given as object properties, in .ts modules too', () => {
    const fixture = `
      export function save<T>(toast: Toast, value: T) {
        toast.error('Failed to save', t('profile.failed'));
        Modal.confirm({ title: 'Delete this?', okText: t('common.ok'), className: 'nf-danger' });
        const items = [{ key: 'home', label: 'Home' }];
        return { items, id: 'role-toggle' };
      }`;
    const hits = findHardCodedTexts(fixture, 'fixture.ts').map((h) => `${h.line} ${h.where}: ${h.text}`);
    expect(hits).toEqual(['3 toast.error: Failed to save', '4 title: Delete this?', '5 label: Home']);
  });

  it('tells words from symbols in any script', () => {
    expect(isWords('Votar')).toBe(true);
    expect(isWords('¿Listo?')).toBe(true);
    expect(isWords(' · ')).toBe(false);
    expect(isWords('#1 → 2')).toBe(false);
    expect(isWords('Nightfall')).toBe(false);
  });
});

describe('components: no player-facing text outside the message catalogue (docs/architecture.md "Locales")', () => {
  it('finds no hard-coded text in web/src/**/*.tsx', () => {
    const files = components(SRC);
    expect(files.length).toBeGreaterThan(50);
    const hits = files.flatMap((f) => findHardCodedTexts(readFileSync(f, 'utf8'), relative(SRC, f))).map((h) => `${h.file}:${h.line} [${h.where}] ${h.text}`);
    expect(hits).toEqual([]);
  });

  it('finds no toast or modal text hard-coded in the other modules (hooks, lib, stores; the catalogue aside)', () => {
    const modules = files(SRC, (name, path) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && !path.includes('/i18n/'));
    expect(modules.length).toBeGreaterThan(30);
    const hits = modules.flatMap((f) => findHardCodedTexts(readFileSync(f, 'utf8'), relative(SRC, f))).map((h) => `${h.file}:${h.line} [${h.where}] ${h.text}`);
    expect(hits).toEqual([]);
  });
});
