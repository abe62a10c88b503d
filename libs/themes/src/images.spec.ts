import { describe, expect, it } from '@jest/globals';
import { findHomeBackground, findImage, fuzzyKey, imageMimeType, isCompressibleImage, isImagePath, themeSlug } from './index.js';

const FILES = [
  'roles/Bad-Guy.png',
  'roles/exact.png',
  'roles/helper.png',
  'MyPack/roles/converter.png',
  'roles/role thief.png',
  'roles/role_swapper.png',
  'art/Self Checker.JPG',
  'art/selfchecker-old.jpg',
  'notes/readme.txt',
];

describe('findImage: the lookup steps of spec 001 section 5, one at a time', () => {
  it('1. the exact path', () => {
    expect(findImage(FILES, 'roles/exact.png')).toEqual({ path: 'roles/exact.png', step: 'exact' });
  });

  it('2. case-insensitive', () => {
    expect(findImage(FILES, 'ROLES/bad-guy.PNG')).toEqual({ path: 'roles/Bad-Guy.png', step: 'case-insensitive' });
  });

  it('3. without the leading slash (and ./ or backslashes)', () => {
    expect(findImage(FILES, '/roles/helper.png')).toEqual({ path: 'roles/helper.png', step: 'no-leading-slash' });
    expect(findImage(FILES, './roles/helper.png')?.step).toBe('no-leading-slash');
    expect(findImage(FILES, '\\roles\\helper.png')?.step).toBe('no-leading-slash');
  });

  it('4. ignoring the top folder, of the ZIP or of the written path', () => {
    expect(findImage(FILES, 'roles/converter.png')).toEqual({ path: 'MyPack/roles/converter.png', step: 'no-top-folder' });
    expect(findImage(FILES, 'OtherPack/roles/exact.png')).toEqual({ path: 'roles/exact.png', step: 'no-top-folder' });
  });

  it('5. underscores and spaces swapped', () => {
    expect(findImage(FILES, 'roles/role_thief.png')).toEqual({ path: 'roles/role thief.png', step: 'underscore-space' });
    expect(findImage(FILES, 'roles/role swapper.png')).toEqual({ path: 'roles/role_swapper.png', step: 'underscore-space' });
  });

  it('6. a fuzzy file-name match on the written name or on the role names, pictures only', () => {
    expect(findImage(FILES, 'pictures/self-checker.png')).toEqual({ path: 'art/Self Checker.JPG', step: 'fuzzy' });
    expect(findImage(FILES, undefined, ['Self-Checker'])).toEqual({ path: 'art/Self Checker.JPG', step: 'fuzzy' });
    expect(findImage(FILES, undefined, ['Readme'])).toBeNull();
    expect(findImage(FILES, 'roles/nothing-like-it.png', ['Nobody'])).toBeNull();
  });

  it('prefers the earlier name, then the shorter path', () => {
    const files = ['a/long/folder/bad-guy.png', 'b/bad-guy.png', 'werewolf.png'];
    expect(findImage(files, undefined, ['Werewolf', 'Bad Guy'])?.path).toBe('werewolf.png');
    expect(findImage(files, undefined, ['Bad Guy', 'Werewolf'])?.path).toBe('b/bad-guy.png');
  });

  it('finds the conventional home background backgrounds/home.{jpg,jpeg,png,webp}', () => {
    expect(findHomeBackground(['x/backgrounds/Home.WEBP'])?.path).toBe('x/backgrounds/Home.WEBP');
    expect(findHomeBackground(['backgrounds/home.gif', 'roles/home.png'])).toBeNull();
  });
});

describe('image helpers', () => {
  it('recognises pictures, compressible types and MIME types', () => {
    expect(isImagePath('a/B.JPEG')).toBe(true);
    expect(isImagePath('a/b.txt')).toBe(false);
    expect(isCompressibleImage('a.bmp')).toBe(true);
    expect(isCompressibleImage('a.svg')).toBe(false);
    expect(imageMimeType('a.webp')).toBe('image/webp');
    expect(imageMimeType('a.svg')).toBe('image/svg+xml');
    expect(themeSlug('Self-Checker')).toBe('self-checker');
    expect(fuzzyKey('roles/Bad_Guy.png')).toBe('badguy');
  });
});
