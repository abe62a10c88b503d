import { VIBRATION_KEY, canVibrate, setVibrationEnabled, shouldBuzz, vibrationEnabled, type SettingStorage } from './vibration';

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
    expect(vibrationEnabled(s)).toBe(true);
    setVibrationEnabled(false, s);
    expect(s.map.get(VIBRATION_KEY)).toBe('off');
    expect(vibrationEnabled(s)).toBe(false);
    setVibrationEnabled(true, s);
    expect(s.map.has(VIBRATION_KEY)).toBe(false);
    expect(vibrationEnabled(s)).toBe(true);
  });

  it('survives a missing or failing storage', () => {
    expect(vibrationEnabled(null)).toBe(true);
    const broken: SettingStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(vibrationEnabled(broken)).toBe(true);
    expect(() => setVibrationEnabled(false, broken)).not.toThrow();
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
