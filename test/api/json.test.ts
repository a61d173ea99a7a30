import { describe, expect, it } from 'vitest';
import { apiJson, numberText } from '../../src/formats/json.ts';

describe('apiJson (froide renders Decimal costs as a float)', () => {
  it('writes integral costs with .0 and leaves other numbers and fractional costs alone', () => {
    expect(apiJson({ id: 3, costs: 0, n: 5 })).toBe('{"id":3,"costs":0.0,"n":5}');
    expect(apiJson([{ costs: 85 }, { costs: -2 }, { costs: 12.5 }])).toBe('[{"costs":85.0},{"costs":-2.0},{"costs":12.5}]');
  });

  it('touches only keys: a string holding the same text is left as it is', () => {
    const text = 'a "costs":5, b';
    expect(JSON.parse(apiJson({ title: text, other: { costs: 1 } }))).toEqual({ title: text, other: { costs: 1 } });
    expect(apiJson({ title: text })).toBe(JSON.stringify({ title: text }));
    expect(apiJson({ 'x","costs': 5 })).toBe('{"x\\",\\"costs":5}');
  });

  it('numberText gives the browsable API the same text', () => {
    expect(numberText('costs', 0)).toBe('0.0');
    expect(numberText('costs', 1.5)).toBe('1.5');
    expect(numberText('id', 0)).toBe('0');
    expect(numberText(null, 7)).toBe('7');
  });
});
