import type { CustomRoleDto } from '@nightfall/protocol';
import { emptyRoleValues, parseNightOrder, roleBody, roleToValues, validateRole, type CustomRoleFormValues } from './customRoleForm';

const filled = (): CustomRoleFormValues => {
  const v = emptyRoleValues();
  v.baseName = 'Night Baker';
  v.themeVariants.werewolf.title = 'Baker';
  v.themeVariants.russiagate.title = 'Caterer';
  v.themeVariants.corporate.title = 'Barista';
  v.themeVariants.generic.title = 'Cook';
  return v;
};

describe('emptyRoleValues', () => {
  it('starts as villager, night order 0, active, one empty variant per theme', () => {
    const v = emptyRoleValues();
    expect(v).toMatchObject({ baseName: '', team: 'villager', abilities: '', nightOrder: 0, isActive: true });
    expect(Object.keys(v.themeVariants)).toEqual(['werewolf', 'russiagate', 'corporate', 'generic']);
  });
});

describe('validateRole', () => {
  it("requires a base name ('Base name is required')", () => {
    const v = filled();
    v.baseName = '   ';
    expect(validateRole(v)).toEqual({ title: 'Base name is required', field: 'baseName' });
    expect(validateRole({})).toMatchObject({ title: 'Base name is required' });
  });
  it("requires every theme title and names the missing ones ('Missing titles for: ...')", () => {
    const v = filled();
    v.themeVariants.russiagate.title = '';
    v.themeVariants.generic.title = '  ';
    expect(validateRole(v)).toEqual({
      title: 'All theme titles are required',
      description: 'Missing titles for: Russiagate, Generic',
      missingThemes: ['russiagate', 'generic'],
      field: 'themeVariants',
    });
    const none = emptyRoleValues();
    none.baseName = 'X';
    expect(validateRole(none)?.description).toBe('Missing titles for: Werewolf, Russiagate, Corporate, Generic');
  });
  it('accepts a role without abilities, image URLs or night order', () => {
    expect(validateRole(filled())).toBeNull();
  });
});

describe('parseNightOrder', () => {
  it('parses an integer, else 0', () => {
    expect(parseNightOrder(3)).toBe(3);
    expect(parseNightOrder('12')).toBe(12);
    expect(parseNightOrder(' 7 ')).toBe(7);
    expect(parseNightOrder('4.8')).toBe(4);
    expect(parseNightOrder(2.9)).toBe(2);
    expect(parseNightOrder('')).toBe(0);
    expect(parseNightOrder('abc')).toBe(0);
    expect(parseNightOrder(null)).toBe(0);
    expect(parseNightOrder(undefined)).toBe(0);
    expect(parseNightOrder(Number.NaN)).toBe(0);
  });
});

describe('roleBody / roleToValues', () => {
  it('trims and fills the body of the create and update calls', () => {
    const v = filled();
    v.baseName = '  Night Baker ';
    v.team = ' ';
    v.nightOrder = '5';
    v.themeVariants.werewolf.imageUrl = ' https://img.example/baker.png ';
    expect(roleBody(v)).toEqual({
      baseName: 'Night Baker',
      team: 'villager',
      abilities: '',
      nightOrder: 5,
      isActive: true,
      themeVariants: {
        werewolf: { title: 'Baker', imageUrl: 'https://img.example/baker.png' },
        russiagate: { title: 'Caterer', imageUrl: '' },
        corporate: { title: 'Barista', imageUrl: '' },
        generic: { title: 'Cook', imageUrl: '' },
      },
    });
  });
  it('loads an existing role for editing, filling themes it lacks', () => {
    const role: CustomRoleDto = {
      id: 'r1',
      baseName: 'Tanner Two',
      team: 'tanner',
      abilities: 'Wins if eliminated.',
      nightOrder: 0,
      isActive: false,
      themeVariants: { werewolf: { title: 'Tanner', imageUrl: '' } },
      createdBy: 'u1',
      createdAt: '',
      updatedAt: '',
    };
    const v = roleToValues(role);
    expect(v).toMatchObject({ baseName: 'Tanner Two', team: 'tanner', nightOrder: 0, isActive: false });
    expect(v.themeVariants.werewolf.title).toBe('Tanner');
    expect(v.themeVariants.generic).toEqual({ title: '', imageUrl: '' });
  });
});
