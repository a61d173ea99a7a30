/**
 * point: `lat,lng` or `lng,lat`; the lookup finds the `shapes` objects covering the point
 * (the resource's shapes file, see `shapesFile`) and looks their ids up in this filter's
 * keyed index. A value that is not two numbers means "no filter", as in froide.
 */
import { coveringIds, type ShapeRecord } from '../../model/geometry.ts';
import { pythonFloat } from '../../formats/python.ts';
import { keyedParts, keyPositions, valueKind } from './keyed.ts';
import type { PointParse } from './parses.ts';

export interface PointValue {
  lng: number;
  lat: number;
}

export const point = valueKind<PointParse, PointValue>({
  ...keyedParts(() => 'hash'),
  parse(parse, value) {
    // froide splits once at the first comma; a missing part or a non-number means no filter.
    const comma = value.indexOf(',');
    if (comma < 0) return null;
    const first = pythonFloat(value.slice(0, comma));
    const second = pythonFloat(value.slice(comma + 1));
    if (first === null || second === null) return null;
    const [lng, lat] = parse.order === 'lnglat' ? [first, second] : [second, first];
    return { value: { lng, lat } };
  },
  async lookup(spec, { lng, lat }, context) {
    const keys = coveringIds(await context.reader.shapes(spec.parse.shapes), lng, lat).map(String);
    return keyPositions(context, 'hash', { keys, combine: 'or' });
  },
});

/** A resource's shapes file: the record of every object that has a geometry, in list order. */
export function shapesFile<T>(ordered: readonly T[], shapeOf: (object: T) => ShapeRecord | null): string {
  const records = ordered.flatMap((object) => {
    const record = shapeOf(object);
    return record ? [record] : [];
  });
  return JSON.stringify(records);
}
