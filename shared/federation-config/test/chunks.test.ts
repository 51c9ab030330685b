import { describe, expect, it } from 'vitest';
import { sharesTogether } from '../src/chunks';

describe('shares loaded together', () => {
  it("takes a package's and its subpaths' share wrappers and fallbacks, and no other package's", () => {
    const together = sharesTogether(['react-dom']);
    expect(together('\0virtual:mf___mfe_internal__shell__mf_owner__78135007577264__loadShare__react_mf_2_dom__loadShare__.js')).toBe(true);
    expect(together('/x/__mfe_internal__shell__mf_owner__1__loadShare__react_mf_2_dom_mf_1_client__loadShare__.mjs')).toBe(true);
    expect(together('/x/__mfe_internal__shell__mf_owner__1__prebuild__react_mf_2_dom__prebuild__.js')).toBe(true);
    expect(together('/x/__mfe_internal__shell__mf_owner__1__loadShare__react__loadShare__.js')).toBe(false);
    expect(together('/x/__mfe_internal__shell__mf_owner__1__loadShare__react_mf_2_dom_mf_2_extra__loadShare__.js')).toBe(false);
    expect(together('/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(false);
    expect(sharesTogether([])('/x/__loadShare__react_mf_2_dom__loadShare__.js')).toBe(false);
  });
});
