/**
 * What each filter kind reads from its declaration (its `parse`), and their closed union
 * FilterParse: types only, in one file that imports no kind, so that the kinds and
 * filter-spec.ts read them without an import cycle.
 */
import type { ResourceName } from '../../formats/resource-names.ts';

/** How a request value becomes index keys (django-filter semantics, docs/froide.md#resources); see each kind's module. */
export type FilterParse =
  | IdParse
  | IdsParse
  | IntegerParse
  | ChoiceParse
  | BooleanParse
  | TextParse
  | RangeParse
  | NoChoiceParse
  | DataParse
  | ScanParse
  | FulltextParse
  | PointParse
  | WordsParse
  | LenientParse
  | NearParse;

export type FilterKindName = FilterParse['kind'];

/** The `boolean` kind (src/api/filters/boolean.ts). */
export interface BooleanParse {
  kind: 'boolean';
}

/** The `choice` kind (src/api/filters/choice.ts). */
export interface ChoiceParse {
  kind: 'choice';
  choices: readonly string[];
}

/** The `data` kind (src/api/filters/data.ts). */
export interface DataParse {
  kind: 'data';
  prefix: string;
  requires: string;
}

/** The `fulltext` kind (src/api/filters/fulltext.ts). */
export interface FulltextParse {
  kind: 'fulltext';
}

/** The `id` kind (src/api/filters/id.ts). */
export interface IdParse {
  kind: 'id';
  ref?: ResourceName;
  none?: string;
  known?: boolean;
  secret?: string;
}

/** The `ids` kind (src/api/filters/ids.ts). */
export interface IdsParse {
  kind: 'ids';
  invalid?: 'error' | 'ignore';
  subtree?: ResourceName;
}

/** The `integer` kind (src/api/filters/integer.ts). */
export interface IntegerParse {
  kind: 'integer';
}

/** The `lenient` kind (src/api/filters/lenient.ts). */
export interface LenientParse {
  kind: 'lenient';
  accept: readonly string[] | 'integer' | 'int-bool' | 'present';
}

/** The `near` kind (src/api/filters/near.ts). */
export interface NearParse {
  kind: 'near';
  lat: string;
  lng: string;
  radius: string;
  defaultRadius: number | null;
  minRadius?: number;
  maxRadius?: number;
  factor?: number;
}

/** The `nochoice` kind (src/api/filters/nochoice.ts). */
export interface NoChoiceParse {
  kind: 'nochoice';
  all?: string;
  message?: 'model' | 'choice';
}

/** The `point` kind (src/api/filters/point.ts). */
export interface PointParse {
  kind: 'point';
  order: 'latlng' | 'lnglat';
  shapes: ResourceName;
}

/** The `range` kind (src/api/filters/range.ts). */
export interface RangeParse {
  kind: 'range';
  value: 'number' | 'date';
  min: string;
  max: string;
  maxExclusive?: boolean;
  errorKey?: string;
}

/** The `scan` kind (src/api/filters/scan.ts). */
type ScanMatch = 'icontains' | 'prefix';

export interface ScanParse {
  kind: 'scan';
  match: readonly ScanMatch[];
  bits?: boolean;
  rank?: readonly number[];
}

/** The `text` kind (src/api/filters/text.ts). */
export interface TextParse {
  kind: 'text';
  none?: string;
  separator?: string;
  fallback?: 'capitalize';
  known?: boolean;
}

/** The `words` kind (src/api/filters/words.ts). */
export interface WordsParse {
  kind: 'words';
}
