/**
 * The reference data of an import: the small lists (read whole), the public bodies and
 * georegions (all of them, or those the imported requests refer to), and site.yaml.
 */
import { recordText } from './content-files.ts';
import type { ContentWriter } from './content-writer.ts';
import * as reference from './map-reference.ts';
import { cleanName } from './names.ts';
import type { Source } from './source.ts';
import { dateTimeOf, idOf, type Json } from './values.ts';
import { existingYaml, failure, writeRecordFile, type ImportResult } from './writing.ts';

/** The reference lists: resource name -> content kind and file. */
export const LISTS = [
  { resource: 'jurisdiction', kind: 'jurisdiction', file: 'jurisdictions.yaml', map: reference.jurisdictionRecord },
  { resource: 'law', kind: 'law', file: 'laws.yaml', map: reference.lawRecord },
  { resource: 'classification', kind: 'classification', file: 'classifications.yaml', map: reference.classificationRecord },
  { resource: 'category', kind: 'category', file: 'categories.yaml', map: reference.categoryRecord },
  { resource: 'campaign', kind: 'campaign', file: 'campaigns.yaml', map: reference.campaignRecord },
  { resource: 'articletag', kind: 'articletag', file: 'articletags.yaml', map: reference.articleTagRecord },
] as const;

/**
 * A public body's `last_modified_at` is in no answer of its own (froide's PublicBodySerializer
 * leaves it out); the simple public body of a request list item carries it.
 */
export function modifiedOfPublicBodies(items: readonly Json[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const item of items) {
    const body = item.public_body as Json | null | undefined;
    const at = body && typeof body === 'object' ? dateTimeOf(body.last_modified_at, 'public_body.last_modified_at') : null;
    if (at && typeof body?.id === 'number') out.set(body.id, at);
  }
  return out;
}

export async function importPublicBodies(
  source: Source,
  writer: ContentWriter,
  only: Set<number> | null,
  seen: { regions: Set<number>; modified: Map<number, string> },
  result: ImportResult,
): Promise<void> {
  const { regions, modified } = seen;
  const records = new Map<number, Json>();
  if (only === null) {
    // A list that ends badly is reported; the public bodies read before are written.
    try {
      for await (const item of source.all('publicbody')) {
        const id = idOf(item.id, 'publicbody.id');
        try {
          records.set(id, reference.publicBodyRecord(item));
        } catch (error) {
          result.failed.push(failure(`public body ${id}`, error, source.detailUrl('publicbody', id)));
        }
      }
    } catch (error) {
      result.failed.push(failure('the public body list', error));
    }
  } else {
    const queue = [...only];
    while (queue.length) {
      const id = queue.shift()!;
      if (records.has(id)) continue;
      try {
        const record = reference.publicBodyRecord(await source.get(source.detailUrl('publicbody', id)));
        records.set(id, record);
        if (typeof record.parent === 'number') queue.push(record.parent);
      } catch (error) {
        result.failed.push(failure(`public body ${id}`, error, source.detailUrl('publicbody', id)));
      }
    }
  }
  for (const record of records.values()) {
    // Only a request list item names it: when none did this run (a selection, a list that failed), the stored one stays.
    record.last_modified_at ??= modified.get(record.id as number) ?? (await storedModified(writer, record.id as number));
    for (const region of record.regions as number[]) regions.add(region);
    try {
      await writeRecordFile(writer, 'publicbody', 'publicbodies', record);
    } catch (error) {
      result.failed.push(failure(`public body ${String(record.id)}`, error, source.detailUrl('publicbody', String(record.id))));
    }
  }
}

async function storedModified(writer: ContentWriter, id: number): Promise<string | undefined> {
  const name = await writer.existingName('publicbodies', id);
  const stored = name?.endsWith('.yaml') ? (await existingYaml(writer, `publicbodies/${name}`))?.last_modified_at : undefined;
  return typeof stored === 'string' ? stored : undefined;
}

/** Geometries larger than this go into their own .geojson file, as an editor would put them. */
const INLINE_GEOMETRY_BYTES = 20_000;

export async function importGeoregions(source: Source, writer: ContentWriter, only: Set<number> | null, result: ImportResult): Promise<void> {
  const queue: number[] = [...(only ?? [])];
  if (only === null) {
    try {
      for await (const item of source.all('georegion')) queue.push(idOf(item.id, 'georegion.id'));
    } catch (error) {
      result.failed.push(failure('the georegion list', error));
    }
  }
  const done = new Set<number>();
  while (queue.length) {
    const id = queue.shift()!;
    if (done.has(id)) continue;
    done.add(id);
    try {
      const record = reference.georegionRecord(await source.get(source.detailUrl('georegion', id)));
      if (typeof record.part_of === 'number') queue.push(record.part_of);
      const geometry = record.geom === undefined ? '' : JSON.stringify(record.geom);
      if (geometry.length > INLINE_GEOMETRY_BYTES) {
        const name = cleanName(`${id}-${String(record.slug)}.geojson`, `georegion ${id} slug`);
        await writeRecordFile(writer, 'georegion', 'georegions', { ...record, geom: undefined, geom_file: name }, { suffix: '.geojson', bytes: `${geometry}\n` });
      } else await writeRecordFile(writer, 'georegion', 'georegions', record);
    } catch (error) {
      result.failed.push(failure(`georegion ${id}`, error, source.detailUrl('georegion', id)));
    }
  }
}

export async function writeSite(writer: ContentWriter, source: Source, lists: Map<string, Json[]>, result: ImportResult): Promise<void> {
  if (await writer.read('site.yaml')) return;
  const origin = new URL(source.root).origin;
  const siteUrl = [...(lists.get('jurisdiction') ?? [])].length ? await siteUrlOf(source) : origin;
  const stamps = [...lists.values()].flat().map((r) => r.last_modified_at).filter((s): s is string => typeof s === 'string' && s.includes('T'));
  const updated = stamps.sort((a, b) => Date.parse(a) - Date.parse(b)).pop() ?? new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
  const site = { title: `Archiv von ${new URL(siteUrl).host}`, base_url: origin, media_url: '/media/', site_url: siteUrl, updated_at: updated };
  try {
    await writer.put('site.yaml', recordText('site', 'site.yaml', site));
  } catch (error) {
    result.failed.push(failure('site.yaml', error));
  }
}

/** froide's public pages live at SITE_URL: the origin of a jurisdiction's `site_url`. */
async function siteUrlOf(source: Source): Promise<string> {
  for await (const item of source.all('jurisdiction')) if (typeof item.site_url === 'string' && URL.canParse(item.site_url)) return new URL(item.site_url).origin;
  return new URL(source.root).origin;
}
