import { VIBRATION, VIBRATION_KEY, canVibrate, shouldBuzz, type SettingStorage } from './vibration';

/** A Map-backed Storage. */
function fakeStorage(): SettingStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('vibration on phase changes (docs/architecture.md "Table experience")', () => {
  it('is on by default and remembers off', () => {
    const s = fakeStorage();
    expect(VIBRATION.enabled(s)).toBe(true);
    VIBRATION.set(false, s);
    expect(s.map.get(VIBRATION_KEY)).toBe('off');
    expect(VIBRATION.enabled(s)).toBe(false);
    VIBRATION.set(true, s);
    expect(s.map.has(VIBRATION_KEY)).toBe(false);
    expect(VIBRATION.enabled(s)).toBe(true);
  });

  it('survives a missing or failing storage', () => {
    expect(VIBRATION.enabled(null)).toBe(true);
    const broken: SettingStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(VIBRATION.enabled(broken)).toBe(true);
    expect(() => VIBRATION.set(false, broken)).not.toThrow();
  });

  it('buzzes only on a real phase change with the setting on', () => {
    expect(shouldBuzz(null, 'role_deal', true)).toBe(false);
    expect(shouldBuzz('role_deal', 'role_deal', true)).toBe(false);
    expect(shouldBuzz('role_deal', 'job_choice', true)).toBe(true);
    expect(shouldBuzz('role_deal', 'job_choice', false)).toBe(false);
  });

  it('knows whether the device vibrates', () => {
    expect(canVibrate(undefined)).toBe(false);
    expect(canVibrate({})).toBe(false);
    expect(canVibrate({ vibrate: () => true })).toBe(true);
  });
});
