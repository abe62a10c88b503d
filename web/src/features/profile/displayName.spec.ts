import { displayNameError } from './displayName';

describe('displayNameError', () => {
  it('requires a name after trimming', () => {
    expect(displayNameError('')).toBe('Display name is required');
    expect(displayNameError('   ')).toBe('Display name is required');
    expect(displayNameError(undefined)).toBe('Display name is required');
  });
  it('allows at most 50 characters (after trimming)', () => {
    expect(displayNameError('a'.repeat(50))).toBeNull();
    expect(displayNameError(`  ${'a'.repeat(50)}  `)).toBeNull();
    expect(displayNameError('a'.repeat(51))).toBe('Display name must be 50 characters or less');
  });
  it('accepts a normal name', () => {
    expect(displayNameError('Night Owl')).toBeNull();
  });
});
