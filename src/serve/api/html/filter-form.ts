/**
 * The filter form of a list in the browsable API, built from the resource's filters
 * (`filters` in src/api/resources/<name>/declaration.ts): one control per query parameter, a choice list where the table knows
 * the values (choices, booleans, froide-campaign's lenient values), prefilled from the request.
 * It submits with GET to the list's real URL; parameters the form has no control for
 * (`format`, `limit`, `uid`, `data.*`) ride along as hidden fields, `offset` is dropped so a
 * new filter starts at the first page.
 */
import type { FilterParse, FilterSpec } from '../../../api/filters/index.ts';
import { attributes, escapeHtml } from './escape.ts';
import { filtersOf } from '../../../api/resources/declaration-registry.ts';
import type { ResourceName } from '../../../formats/resource-names.ts';

export type FormField =
  | { name: string; kind: 'select'; options: readonly (readonly [value: string, label: string])[] }
  | { name: string; kind: 'input'; type: 'text' | 'search' | 'number' | 'date'; hint?: string };

const ANY = ['', 'any'] as const;
const YES_NO = [ANY, ['true', 'yes'], ['false', 'no']] as const;

const input = (name: string, type: 'text' | 'search' | 'number' | 'date', hint?: string): FormField => ({ name, kind: 'input', type, ...(hint ? { hint } : {}) });
const select = (name: string, values: readonly string[]): FormField => ({ name, kind: 'select', options: [ANY, ...values.map((value) => [value, value] as const)] });

/** The controls of one filter; none for filters no value passes (`nochoice`) or whose names depend on the data (`data.*`). */
function fieldsOf(spec: FilterSpec): FormField[] {
  const parse: FilterParse = spec.parse;
  const name = spec.param;
  switch (parse.kind) {
    case 'choice':
      return [select(name, parse.choices)];
    case 'boolean':
      return [{ name, kind: 'select', options: YES_NO }];
    case 'lenient':
      if (parse.accept === 'integer') return [input(name, 'number')];
      if (parse.accept === 'int-bool') return [{ name, kind: 'select', options: [ANY, ['1', 'yes'], ['0', 'no']] }];
      if (parse.accept === 'present') return [{ name, kind: 'select', options: [ANY, ['1', 'yes']] }];
      return [select(name, parse.accept)];
    case 'id':
      return [input(name, 'text', parse.none === undefined ? 'id' : `id or ${parse.none}`)];
    case 'ids':
      return [input(name, 'text', 'ids, comma-separated')];
    case 'integer':
      return [input(name, 'number')];
    case 'text':
      return [input(name, 'text', parse.separator ? `values, ${parse.separator}-separated` : parse.none ? `text or ${parse.none}` : undefined)];
    case 'range': {
      const type = parse.value === 'date' ? 'date' : 'number';
      return [input(parse.min, type), input(parse.max, type)];
    }
    case 'scan':
    case 'words':
    case 'fulltext':
      return [input(name, 'search')];
    case 'point':
      return [input(name, 'text', parse.order === 'latlng' ? 'lat,lng' : 'lng,lat')];
    case 'near':
      return [input(parse.lat, 'number', 'latitude'), input(parse.lng, 'number', 'longitude'), input(parse.radius, 'number', 'metres')];
    case 'nochoice':
    case 'data':
      return [];
  }
}

/** Every control of a resource's filters, in the table's order. */
export function filterFields(resource: ResourceName, specs: readonly FilterSpec[] = filtersOf(resource)): FormField[] {
  return specs.flatMap(fieldsOf);
}

/** The search field of an action that answers names starting with `q` (autocomplete). */
export const NAME_SEARCH_FIELDS: readonly FormField[] = [input('q', 'search')];

function control(field: FormField, value: string | null): string {
  const id = `filter-${field.name}`;
  if (field.kind === 'select') {
    const known = field.options.some(([option]) => option === (value ?? ''));
    // A value the choices do not hold (the request's own, maybe a 400) stays visible and selected.
    const options = known || value === null ? field.options : [...field.options, [value, value] as const];
    const html = options
      .map(([option, label]) => `<option${attributes({ value: option, selected: option === (value ?? '') })}>${escapeHtml(label)}</option>`)
      .join('');
    return `<select${attributes({ id, name: field.name })}>${html}</select>`;
  }
  return `<input${attributes({
    id,
    name: field.name,
    type: field.type,
    value: value ?? undefined,
    placeholder: field.hint,
    step: field.type === 'number' ? 'any' : undefined,
  })}>`;
}

export interface FilterFormInput {
  /** The list's URL without query: where the form submits to. */
  action: string;
  fields: readonly FormField[];
  query: URLSearchParams;
  /** A 400 body of the filter engine: `{"<param>": ["<message>"]}`. */
  errors: Record<string, unknown> | null;
}

export function filterForm({ action, fields, query, errors }: FilterFormInput): string {
  if (fields.length === 0) return '';
  const names = new Set(fields.map((field) => field.name));
  const current = (name: string) => query.getAll(name).at(-1) ?? null;
  const kept = [...query].filter(([key]) => !names.has(key) && key !== 'offset');
  const hidden = kept.map(([name, value]) => `<input${attributes({ type: 'hidden', name, value })}>`).join('');
  const active = fields.filter((field) => current(field.name)).length;
  const problems = Object.entries(errors ?? {}).map(
    ([key, messages]) => `<li><b>${escapeHtml(key)}</b>: ${escapeHtml((Array.isArray(messages) ? messages : [messages]).join(' '))}</li>`,
  );
  const controls = fields
    .map((field) => `<div class="field"><label for="filter-${escapeHtml(field.name)}">${escapeHtml(field.name)}</label>${control(field, current(field.name))}</div>`)
    .join('');
  const clear = kept.length ? `${action}?${new URLSearchParams(kept).toString()}` : action;
  return `<details class="filters"${active || problems.length ? ' open' : ''}><summary>Filters${active ? ` (${active} active)` : ''}</summary>
<form method="get"${attributes({ action })}>${problems.length ? `<ul class="errors" role="alert">${problems.join('')}</ul>` : ''}${hidden}<div class="fields">${controls}</div>
<p class="buttons"><button type="submit">Filter</button> <a${attributes({ href: clear })}>Clear</a></p></form></details>`;
}
