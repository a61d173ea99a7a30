/**
 * froide's autocomplete actions (docs/froide.md#resources): the data the build
 * writes for each list action of the route shapes (src/api/route-shapes.ts), and the one function that turns it into an
 * answer. The build writes the answer without parameters as a static file; the API function
 * answers every other query with the same function, so both give the same bytes.
 * Free of model imports: the serving layer and the Netlify function load it.
 */
import { envelope, type Envelope } from './envelope.ts';
import type { Query } from '../formats/query-encoding.ts';
import type { UrlBuilder } from './urls.ts';
import type { ListAction } from './resources/declaration-spec.ts';
import type { ResourceName } from '../formats/resource-names.ts';

/** One choice as froide writes it: `value` is an id or a name. */
export interface Choice {
  value: number | string;
  label: string;
}

/**
 * `_data/<resource>/<action>/entries.json`.
 * - `list`: `[position in the resource's list, value, label]`, in the action's order; the list
 *   filters select positions, the rows keep their own order.
 * - `names`: the distinct names, in order.
 */
export type ActionEntries =
  | { source: 'list'; rows: [number, number | string, string][] }
  | { source: 'names'; rows: string[] };

/**
 * The choices an action offers for a query. `positions` is what the resource's list filters
 * selected (null: no filter applied); only `list` entries use it. `names` entries match names
 * starting with `q`, case-insensitive, and offer nothing without one (froide: `Tag.objects.none()`).
 */
export function choices(entries: ActionEntries, query: URLSearchParams, positions: readonly number[] | null): Choice[] {
  if (entries.source === 'list') {
    const selected = positions && new Set(positions);
    return entries.rows.filter(([position]) => !selected || selected.has(position)).map(([, value, label]) => ({ value, label }));
  }
  const q = (query.getAll('q').at(-1) ?? '').toLowerCase();
  if (!q) return [];
  return entries.rows.filter((name) => name.toLowerCase().startsWith(q)).map((name) => ({ value: name, label: name }));
}

/** froide answers through the viewset's paginator: the list envelope, without facets. */
export function actionPage(
  urls: UrlBuilder,
  resource: ResourceName,
  action: ListAction,
  page: { query: Query; offset: number; limit: number; all: readonly Choice[] },
): Envelope<Choice> {
  const objects = page.all.slice(page.offset, page.offset + page.limit);
  return envelope(urls, { resource, action: action.path }, { query: page.query, offset: page.offset, limit: page.limit, total: page.all.length, objects });
}
