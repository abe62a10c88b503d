import { describe, expect, it } from '@jest/globals';
import { selectThemeId } from './index.js';

const known = (id: string) => id === 'corp-lunch' || id === 'village';

describe('selectThemeId (spec 001 section 4)', () => {
  it('prefers the signed-in preference, then the saved theme, then the global default, then generic', () => {
    expect(selectThemeId({ preferredThemeId: 'village', savedThemeId: 'corp-lunch', globalDefaultThemeId: 'corp-lunch', known })).toBe('village');
    expect(selectThemeId({ preferredThemeId: null, savedThemeId: 'corp-lunch', globalDefaultThemeId: 'village', known })).toBe('corp-lunch');
    expect(selectThemeId({ savedThemeId: null, globalDefaultThemeId: 'village', known })).toBe('village');
    expect(selectThemeId({ known })).toBe('generic');
  });

  it('treats unknown and legacy ids as absent', () => {
    expect(selectThemeId({ preferredThemeId: 'nope', savedThemeId: 'russiagate', globalDefaultThemeId: 'corporate', known })).toBe('generic');
    expect(selectThemeId({ savedThemeId: 'onuw-classic', globalDefaultThemeId: 'village', known: () => true })).toBe('village');
  });
});
