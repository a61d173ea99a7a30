import { describe, expect, it } from 'vitest';
import { georegionLabel, GEOREGION_KIND_LABELS } from '../../src/api/resources/georegion/serializer.ts';
import { GEOREGION_KINDS } from '../../src/content/schema.ts';
import type { GeoRegion } from '../../src/model/types.ts';

const region = (fields: Partial<GeoRegion>) => ({ name: 'Köln', kind: 'district', kindDetail: '', regionIdentifier: '05315000', ...fields }) as GeoRegion;

describe('georegion label (froide str(region), for autocomplete)', () => {
  it('is "<name> (<kind_detail or German kind> - <region_identifier>)"', () => {
    expect(georegionLabel(region({ kindDetail: 'Kreisfreie Stadt' }))).toBe('Köln (Kreisfreie Stadt - 05315000)');
    expect(georegionLabel(region({ name: 'Berlin-Mitte', kind: 'borough', regionIdentifier: '110010001' }))).toBe('Berlin-Mitte (Bezirk - 110010001)');
    expect(georegionLabel(region({ name: 'Deutschland', kind: 'country', regionIdentifier: '' }))).toBe('Deutschland (Land - )');
  });

  it('has a German name for every kind froide knows', () => {
    expect(Object.keys(GEOREGION_KIND_LABELS)).toEqual([...GEOREGION_KINDS]);
  });
});
