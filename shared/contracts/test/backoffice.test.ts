import { describe, expect, it } from 'vitest';
import { BACKOFFICE_API, BACKOFFICE_PATHS, cleanFloristNote, FLORIST_NOTE, floristNoteProblem, MEMBER_ACTIONS, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from '../src';

describe("the florist's note (one rule for the back office's form and the server)", () => {
  it('keeps a note trimmed, its line ends made one; an empty or blank note is no note', () => {
    expect(cleanFloristNote('  Call the gate-man first.\r\nSide door.  ')).toBe('Call the gate-man first.\nSide door.');
    expect(cleanFloristNote('')).toBeNull();
    expect(cleanFloristNote(' \n\t ')).toBeNull();
  });

  it(`takes up to ${FLORIST_NOTE.maxLength} characters (an emoji is one), and says why it refuses anything else`, () => {
    expect(floristNoteProblem('')).toBeNull();
    expect(floristNoteProblem('x'.repeat(FLORIST_NOTE.maxLength))).toBeNull();
    expect(floristNoteProblem(`  ${'🌹'.repeat(FLORIST_NOTE.maxLength)}  `)).toBeNull();
    expect(floristNoteProblem('x'.repeat(FLORIST_NOTE.maxLength + 1))).toBe("The florist's note is 501 characters long; keep it to 500 or fewer.");
    for (const raw of [undefined, null, 42, ['a'], { text: 'a' }]) expect(floristNoteProblem(raw)).toBe("Write the florist's note as text ('' removes it).");
  });
});

describe('the back office’s paths and names, declared once', () => {
  it('every path is under BACKOFFICE_API, with the parts of a path encoded', () => {
    expect(BACKOFFICE_PATHS.floristNote('ABL1042W')).toBe('/v1/backoffice/orders/ABL1042W/note');
    expect(BACKOFFICE_PATHS.member('a+b@adireblooms.ng', 'sign-out')).toBe('/v1/backoffice/staff/a%2Bb%40adireblooms.ng/sign-out');
    expect(BACKOFFICE_PATHS.memberRole('a@b.ng')).toBe('/v1/backoffice/staff/a%40b.ng/role');
    for (const path of Object.values(BACKOFFICE_PATHS)) {
      const url = typeof path === 'function' ? path('x/y', 'disable') : path;
      expect(url.startsWith(`${BACKOFFICE_API}/`), url).toBe(true);
      expect(url, 'a part of the path stays one segment').not.toContain('x/y');
    }
  });

  it('each role has its label; the actions on a member and the permissions are listed', () => {
    expect(Object.keys(STAFF_ROLE_LABELS)).toEqual([...STAFF_ROLES]);
    expect(MEMBER_ACTIONS).toEqual(['disable', 'enable', 'sign-out', 'unlock', 'reset', 'remove']);
    expect(STAFF_PERMISSIONS).toContain('orders');
  });
});
