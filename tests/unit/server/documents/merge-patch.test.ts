import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../../../server/documents/merge-patch';

describe('mergePatch: JSON Merge Patch (RFC 7396)', () => {
  // RFC 7396 Appendix A, every example: [target, patch, result].
  const examples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(examples)('merges %j with %j', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('leaves the target as it was', () => {
    const target = { theme: { colors: { primary: '#000000', secondary: '#111111' } }, corsOrigins: ['a'] };
    const copy = structuredClone(target);
    mergePatch(target, { theme: { colors: { primary: '#ffffff' } }, corsOrigins: ['b'] });
    expect(target).toEqual(copy);
  });

  it('replaces arrays whole: adding an origin sends the whole list', () => {
    expect(
      mergePatch({ corsOrigins: ['https://a.example'] }, { corsOrigins: ['https://b.example'] }),
    ).toEqual({
      corsOrigins: ['https://b.example'],
    });
  });
});
