import { describe, expect, it } from 'vitest';
import { BACKOFFICE_API, BACKOFFICE_PATHS, MEMBER_ACTIONS, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from '../src';

describe('the back office’s paths and names, declared once', () => {
  it('every path is under BACKOFFICE_API, with the parts of a path encoded', () => {
    expect(BACKOFFICE_PATHS.advance('ABL1042W')).toBe('/v1/backoffice/orders/ABL1042W/advance');
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
