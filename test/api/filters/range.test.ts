import { describe, expect, it } from 'vitest';
import { parseBound, range, RANGE_FILE } from '../../../src/api/filters/range.ts';
import type { RangeParse } from '../../../src/api/filters/parses.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, specOf } from './helpers.ts';

const COSTS: RangeParse = { kind: 'range', value: 'number', min: 'costs_min', max: 'costs_max', errorKey: 'costs' };
const DATES: RangeParse = { kind: 'range', value: 'date', min: 'after', max: 'before', maxExclusive: true };

describe('range filter', () => {
  it.each([
    [COSTS, ' 12.5 ', { bound: 12.5 }],
    [COSTS, '.5', { bound: 0.5 }],
    [COSTS, '1e3', { error: FILTER_MESSAGES.number }],
    [DATES, '2024-02-29', { bound: '2024-02-29' }],
    [DATES, '2023-02-29', { error: FILTER_MESSAGES.date }],
    [DATES, '2024-2-1', { error: FILTER_MESSAGES.date }],
    [DATES, '', null],
  ] as const)('parses a bound %#: %j', (parse, raw, parsed) => {
    expect(parseBound(parse, raw)).toEqual(parsed);
  });

  it('indexes [value, position] pairs sorted by value, ties in list order', () => {
    const files = range.index(specOf(COSTS), [{ v: 30 }, { v: null }, { v: 10 }, { v: 30 }, { v: 20 }]);
    expect(files).toEqual([{ file: RANGE_FILE, body: '[[10,2],[20,4],[30,0],[30,3]]' }]);
  });

  const costs = [{ v: 30 }, { v: null }, { v: 10 }, { v: 30 }, { v: 20 }];
  const dates = [{ v: '2024-01-02' }, { v: '2024-01-01' }, { v: '2024-01-03' }];
  it.each([
    [COSTS, costs, 'costs_min=20', [[0, 3, 4]]],
    [COSTS, costs, 'costs_max=20', [[2, 4]]],
    [COSTS, costs, 'costs_min=15&costs_max=30', [[0, 3, 4]]],
    [COSTS, costs, 'costs_min=40', [[]]],
    [COSTS, costs, 'costs_min=&costs_max=', []],
    [COSTS, costs, 'costs_min=x&costs_max=y', { errors: { costs: [FILTER_MESSAGES.number] } }],
    [DATES, dates, 'before=2024-01-03', [[0, 1]]],
    [DATES, dates, 'after=2024-01-02', [[0, 2]]],
    [DATES, dates, 'after=x&before=2024-13-01', { errors: { after: [FILTER_MESSAGES.date], before: [FILTER_MESSAGES.date] } }],
  ] as const)('answers %#: %s', async (parse, objects, query, expected) => {
    expect(await answer(range, specOf(parse), objects, query)).toEqual(expected);
  });
});
