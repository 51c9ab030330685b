import { describe, expect, it } from 'vitest';
import { pickShared, providedNow, satisfies, type ShareScope } from '../src/shares';

describe('satisfies', () => {
  it.each([
    ['19.3.1', '^19.0.0', true],
    ['19.0.0', '^19.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['18.9.9', '^19.0.0', false],
    ['19.2.0', '^19.3.0', false],
    ['1.0.0', '^1.0.0', true],
    ['1.4.2', '~1.4.0', true],
    ['1.5.0', '~1.4.0', false],
    ['0.3.4', '^0.3.1', true],
    ['0.4.0', '^0.3.1', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['5.1.0', '5.1.0', true],
    ['5.1.1', '5.1.0', false],
    ['2.0.0', '*', true],
    ['not a version', '^1.0.0', false],
    ['1.0.0', 'nonsense', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('pickShared', () => {
  const v = (label: string) => providedNow({ label }, 'shell');
  const scope: ShareScope = { react: { '19.0.0': v('19.0'), '19.3.1': v('19.3'), '20.0.0': v('20') } };
  const label = async (picked: ReturnType<typeof pickShared>) => ((await picked!.get())() as { label: string }).label;

  it('takes the highest version the range accepts', async () => {
    expect(await label(pickShared(scope, 'react', '^19.0.0'))).toBe('19.3');
    expect(await label(pickShared(scope, 'react', '^20.0.0'))).toBe('20');
  });

  it('finds nothing for a library not offered, a range none meets, or no scope at all', () => {
    expect(pickShared(scope, 'zustand', '^5.0.0')).toBeUndefined();
    expect(pickShared(scope, 'react', '^21.0.0')).toBeUndefined();
    expect(pickShared(undefined, 'react', '^19.0.0')).toBeUndefined();
  });
});
