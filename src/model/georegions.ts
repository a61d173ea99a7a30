/**
 * Georegions (docs/froide.md#georegion): one file per region under georegions/, linked into the `part_of`
 * tree, with the geometry inline or in a sibling .geojson file. Area and centroid are derived
 * from the geometry unless the editor gives them. Pure: no I/O.
 */
import type { Loaded, LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import type { GeometryFileInput, GeometryInput, GeoRegionInput } from '../content/schema.ts';
import { planarCentroid, sphericalArea, type MultiPolygon, type Position } from './geometry.ts';
import { linkTree, Records, treeOrder } from './records.ts';
import { parseTimestamp } from './time.ts';
import type { GeoRegion } from './types.ts';

/** Where a geometry was written: the file and the key path of its `coordinates`' parent. */
interface Located {
  geometry: GeometryInput;
  source: RecordSource;
  path: (string | number)[];
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

export function linkGeoRegions(content: LoadedContent, problems: Problems): Records<GeoRegion> {
  const regions = new Records<GeoRegion>('georegion', problems);
  const files = new Map(content.georegionGeometries.map((file) => [file.source.file, file]));
  const used = new Set<string>();
  const parents = new Map<GeoRegion, number | null>();
  const givenLevels = new Map<GeoRegion, number>();
  const deferred: (() => void)[] = [];

  for (const loaded of content.georegions) {
    const { data, source } = loaded;
    const located = locateGeometry(loaded, files, used, problems);
    const polygons = located ? checkedPolygons(located, problems) : [];
    const region: GeoRegion = {
      id: data.id,
      source,
      name: data.name,
      slug: data.slug,
      parent: null,
      children: [],
      depth: 0,
      kind: data.kind,
      kindDetail: data.kind_detail,
      level: 0,
      regionIdentifier: data.region_identifier,
      globalIdentifier: data.global_identifier,
      population: data.population,
      validOn: data.valid_on ? parseTimestamp(data.valid_on) : null,
      govSeat: data.gov_seat,
      polygons,
      // Whole m²: the precision of the source geometry is far coarser.
      area: data.area ?? Math.round(sphericalArea(polygons)),
      centroid: data.centroid ?? planarCentroid(polygons),
    };
    if (!regions.add(region)) {
      deferred.push(() => regions.resolve(data.part_of, source, ['part_of'])); // a duplicate's reference is still checked
      continue;
    }
    parents.set(region, data.part_of);
    if (data.level !== undefined) givenLevels.set(region, data.level);
  }

  linkTree(regions.values(), parents, regions, problems, 'part_of');
  for (const check of deferred) check();
  assignLevels(regions.values(), givenLevels, problems);
  reportUnusedFiles(content.georegionGeometries, used, problems);
  regions.reportDuplicates();
  return regions;
}

function locateGeometry(
  { data, source }: Loaded<GeoRegionInput>,
  files: Map<string, Loaded<GeometryFileInput>>,
  used: Set<string>,
  problems: Problems,
): Located | null {
  const path = data.geom_file === undefined ? undefined : `${dirOf(source.file)}/${data.geom_file}`;
  if (path) used.add(path);
  if (data.geom && path) {
    problems.report(source, ['geom_file'], ERRORS.GeometryTwice);
    return null;
  }
  if (data.geom) return { geometry: data.geom, source, path: ['geom'] };
  if (!path) return null;
  const file = files.get(path);
  if (file) {
    return file.data.type === 'Feature'
      ? { geometry: file.data.geometry, source: file.source, path: ['geometry'] }
      : { geometry: file.data, source: file.source, path: [] };
  }
  // A file that failed to parse has been reported already.
  if (!problems.invalidFiles.has(path)) {
    problems.report(source, ['geom_file'], ERRORS.MissingGeometryFile, { path });
  }
  return null;
}

/**
 * The geometry as MultiPolygon coordinates `[lng, lat]`, or empty with a problem at each
 * ring that is not closed or too short and each position out of range.
 */
function checkedPolygons({ geometry, source, path }: Located, problems: Problems): MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const prefix = (polygon: number) => (geometry.type === 'Polygon' ? [...path, 'coordinates'] : [...path, 'coordinates', polygon]);
  let valid = true;
  polygons.forEach((rings, p) =>
    rings.forEach((ring, r) => {
      const at = [...prefix(p), r];
      ring.forEach((position, i) => {
        const [lng, lat] = position as [number, number];
        if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
          valid = false;
          problems.report(source, [...at, i], ERRORS.PositionOutOfRange, { lng, lat });
        }
      });
      if (ring.length < 4) {
        valid = false;
        problems.report(source, at, ERRORS.RingTooShort, { count: ring.length });
        return;
      }
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) {
        valid = false;
        problems.report(source, [...at, ring.length - 1], ERRORS.RingNotClosed, { first: [first[0]!, first[1]!] });
      }
    }),
  );
  return valid ? polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [lng, lat] as Position))) : [];
}

/**
 * froide's `level` is the administrative level (country 0, state 1, …), not the depth: a
 * kreisfreie Stadt may sit two levels below its state. The rule kept here: a region's level is
 * greater than the level of the region it is part of; left out, it is that level + 1 (0 for a root).
 */
function assignLevels(regions: GeoRegion[], given: Map<GeoRegion, number>, problems: Problems): void {
  const visit = (region: GeoRegion) => {
    const parent = region.parent;
    const level = given.get(region);
    if (level === undefined) region.level = parent ? parent.level + 1 : 0;
    else {
      region.level = level;
      if (parent && level <= parent.level) {
        problems.report(region.source, ['level'], ERRORS.RegionLevel, { level, parent });
      }
    }
    region.children.forEach(visit);
  };
  regions.filter((region) => !region.parent).forEach(visit);
}

function reportUnusedFiles(files: LoadedContent['georegionGeometries'], used: Set<string>, problems: Problems): void {
  for (const { source } of files) {
    if (used.has(source.file)) continue;
    problems.reportFile(source.file, ERRORS.UnusedGeometryFile);
  }
}

/**
 * Each region's place in tree order (roots by name, each region before the regions inside it,
 * siblings by name): the order froide's treebeard path gives lists and a body's `regions`.
 */
export function treePositions(regions: readonly GeoRegion[]): Map<GeoRegion, number> {
  return new Map(treeOrder(regions).map((region, position) => [region, position]));
}
