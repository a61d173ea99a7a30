/**
 * The facets a collection's settings declare for froide's page search (okfde/froide:froide/document/filters.py,
 * `PageDocumentFilterset.apply_data_filters`): which filters ask for one, the field of froide's
 * page index (froide/document/documents.py, `PageDocument`) each names, and a page's values of
 * it. Pure. The build counts them per collection (src/api/page-facets.ts); the content check
 * warns about facets froide or the archive cannot count (checkCollectionFacets).
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import type { Document } from './types.ts';

type Scalar = string | number | boolean;

/** The fields of froide's page index a facet can count here besides `data.*`, and each page's values of them. */
const INDEX_FIELDS: Record<string, (page: FacetedPage) => unknown> = {
  document: ({ document }) => document.id,
  number: ({ number }) => number,
  publicbody: ({ document }) => document.publicbody?.id,
  jurisdiction: ({ document }) => document.publicbody?.jurisdiction.id,
  foirequest: ({ document }) => document.foirequest?.id,
  campaign: ({ document }) => document.foirequest?.campaign?.id,
  collections: ({ document }) => document.collections.map((entry) => entry.collection.id),
  // Each folder that holds the document and the folders around it (`_get_ancestor_directories`).
  directories: ({ document }) =>
    document.collections.flatMap((entry) => {
      const ids: number[] = [];
      for (let directory = entry.directory; directory; directory = directory.parent) ids.push(directory.id);
      return ids;
    }),
  // froide's `prepare_portal`: 0 for a document of no portal, which every document here is.
  portal: () => 0,
  // Booleans of the index (keys 1 and 0): only public pages are published.
  public: () => true,
  listed: ({ document }) => document.listed,
  // No document tags, user profiles or teams here: nothing to count.
  tags: () => [],
  user: () => null,
  team: () => null,
};

export interface FacetedPage {
  document: Document;
  number: number;
}

/** A filter of a collection's settings as the facets read it (content/schema.ts checked its shape). */
interface SettingsFilter {
  key?: unknown;
  facet?: unknown;
  facet_config?: { type?: unknown };
}

/** The index field a filter's key names: froide's `filt["key"].replace("__", ".")`. */
const facetField = (key: string) => key.replaceAll('__', '.');

/** Whether a filter asks froide for a facet at all, and of which type (`facet_config.type`, default `term`). */
function facetTypeOf(filter: SettingsFilter): string | null {
  if (filter.facet !== true) return null;
  const type = filter.facet_config?.type;
  return typeof type === 'string' ? type : 'term';
}

/** Whether this archive can count a field: `data.<key>` or one of INDEX_FIELDS. */
const countableField = (field: string) => /^data\.[^.]/.test(field) || Object.hasOwn(INDEX_FIELDS, field);

/**
 * The fields a page search with this collection counts, in the order of its settings, each
 * once: the `term` facets on fields this archive holds (content checks warn about the others,
 * src/model/collection-facets.ts).
 */
export function pageFacetFields(settings: Record<string, unknown>): string[] {
  const filters = Array.isArray(settings.filters) ? (settings.filters as SettingsFilter[]) : [];
  const fields: string[] = [];
  for (const filter of filters) {
    if (typeof filter.key !== 'string' || facetTypeOf(filter) !== 'term') continue;
    const field = facetField(filter.key);
    if (countableField(field) && !fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** A page's values of a field, each once (null, missing keys and objects count for nothing, as in Elasticsearch). */
export function facetValues(page: FacetedPage, field: string): Scalar[] {
  let value: unknown;
  if (field.startsWith('data.')) {
    value = page.document.data ?? {};
    for (const key of field.slice('data.'.length).split('.')) value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  } else value = INDEX_FIELDS[field]!(page);
  const values = (Array.isArray(value) ? value : [value]).filter((item): item is Scalar => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)) || typeof item === 'boolean');
  return [...new Set(values)];
}

/** Why a field named by a facet is not counted (content checks, ERRORS.FacetNotCounted), or null when it is. */
function uncountedField(field: string): 'text' | 'date' | 'unknown' | null {
  if (countableField(field)) return null;
  if (['title', 'description', 'content'].includes(field)) return 'text';
  return field === 'created_at' ? 'date' : 'unknown';
}

/**
 * Warns, at the filter, about each facet that is not counted: a type froide does not count
 * as a term facet, and a field that is text, a date, or not in froide's page index.
 */
export function checkCollectionFacets(settings: Record<string, unknown>, source: RecordSource, problems: Problems): void {
  const filters = Array.isArray(settings.filters) ? (settings.filters as SettingsFilter[]) : [];
  filters.forEach((filter, index) => {
    const type = facetTypeOf(filter);
    if (type === null || typeof filter.key !== 'string') return;
    if (type !== 'term') {
      problems.report(source, ['settings', 'filters', index, 'facet_config', 'type'], ERRORS.FacetTypeNotCounted, { type });
      return;
    }
    const why = uncountedField(facetField(filter.key));
    if (why) problems.report(source, ['settings', 'filters', index, 'key'], ERRORS.FacetNotCounted, { field: facetField(filter.key), why });
  });
}
