/**
 * lenient: the hand-written filters of froide-food and froide-campaign, which ignore what
 * they cannot read. `accept` lists the values that filter (key: the value), or is `integer`
 * (Python int, key: the number), `int-bool` (Python `bool(int(v))`, key: true/false) or
 * `present` (any non-empty value, key: true). Any other value means "no filter", never a 400.
 */
import { pythonInt } from '../../formats/python.ts';
import { keysKind, type Keys } from './keyed.ts';
import type { Parsed } from './kind.ts';
import type { LenientParse } from './parses.ts';

const one = (key: string): Parsed<Keys> => ({ value: { keys: [key], combine: 'and' } });

export const lenient = keysKind<LenientParse>(
  (parse) => (parse.accept === 'integer' ? 'hash' : 'value'),
  ({ accept }, value) => {
    if (accept === 'present') return one('true');
    if (Array.isArray(accept)) return accept.includes(value) ? one(value) : null;
    const number = pythonInt(value);
    if (number === null) return null;
    if (accept === 'int-bool') return one(number !== 0 ? 'true' : 'false');
    return one(String(number));
  },
);
