import { readShowAdminControls, saveShowAdminControls, SHOW_ADMIN_CONTROLS_KEY } from './adminControlsPref';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('showAdminControls (profile modal Admin Controls open state)', () => {
  it("is open unless the stored value is 'false'", () => {
    expect(readShowAdminControls(memory())).toBe(true);
    expect(readShowAdminControls(memory({ [SHOW_ADMIN_CONTROLS_KEY]: 'true' }))).toBe(true);
    expect(readShowAdminControls(memory({ [SHOW_ADMIN_CONTROLS_KEY]: 'anything' }))).toBe(true);
    expect(readShowAdminControls(memory({ [SHOW_ADMIN_CONTROLS_KEY]: 'false' }))).toBe(false);
    expect(readShowAdminControls(null)).toBe(true);
  });
  it('saves the state under showAdminControls', () => {
    const s = memory();
    saveShowAdminControls(false, s);
    expect(s.data.get('showAdminControls')).toBe('false');
    expect(readShowAdminControls(s)).toBe(false);
    saveShowAdminControls(true, s);
    expect(readShowAdminControls(s)).toBe(true);
  });
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readShowAdminControls(broken)).toBe(true);
    expect(() => saveShowAdminControls(false, broken)).not.toThrow();
  });
});
