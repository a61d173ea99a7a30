/**
 * When an answer is CSV, and the CSV answer itself (docs/serving.md, "CSV answers"): `?format=csv`,
 * or an `Accept` for which DRF's negotiation picks the view's `text/csv` renderer before JSON
 * (`text/csv`, `text/*`). Static files are JSON, so CSV is always computed: by the API function,
 * which renders its own answer, and by the `api-csv` Edge Function, which renders the JSON the
 * CDN answers for a bare list or root path. Web-standard (Deno).
 */
import { matchApiRoute } from './api-route.ts';
import { CSV_CONTENT_TYPE, CSV_TYPE, renderCsv } from './csv.ts';
import { rendersOf } from './metadata.ts';
import { chooseRenderer, essenceOf } from './negotiation.ts';
import { apiHeaders, JSON_TYPE, okResponse } from './responses.ts';
import type { Method } from '../../api/resources/declaration-spec.ts';

/** True when this request's answer is CSV (after the 404 and 406 of early.ts). */
export function wantsCsv(request: Request, url = new URL(request.url)): boolean {
  const view = matchApiRoute(url.pathname);
  if (view.kind === 'none' || view.kind === 'schema' || view.kind === 'schema-ui') return false;
  // Django's QueryDict.get: the last value; an empty one selects no format.
  const format = url.searchParams.getAll('format').at(-1) || undefined;
  if (format) return format === 'csv';
  return chooseRenderer(request.headers.get('accept'), rendersOf(view)) === CSV_TYPE;
}

const encoder = new TextEncoder();

/** A CSV answer of a JSON value (with its tokens already minted), with the view's headers. */
export function csvResponse(request: Request, value: unknown, allow: readonly Method[], extra: Record<string, string> = {}): Promise<Response> {
  return okResponse(request, encoder.encode(renderCsv(value)), { ...apiHeaders(allow, CSV_CONTENT_TYPE), ...extra });
}

/** Headers of a JSON answer that stay on its CSV rendering; type, length and ETag are the CSV's own. */
const KEPT = ['netlify-cdn-cache-control'];

/**
 * The CSV rendering of a JSON answer from further down the chain (a static file, the function):
 * a 200 JSON body becomes CSV; anything else (errors, which stay JSON, and an answer that is
 * already CSV) is returned as it is.
 */
export async function csvOfJsonAnswer(request: Request, answer: Response): Promise<Response> {
  const type = essenceOf(answer.headers.get('content-type') ?? '');
  if (answer.status !== 200 || type !== JSON_TYPE) return answer;
  // A HEAD passes no body down the chain: the JSON of the same URL is asked for as a GET.
  const json = request.method.toUpperCase() === 'HEAD' ? await fetch(request.url, { headers: { accept: JSON_TYPE } }) : answer;
  const value: unknown = JSON.parse(await json.text());
  const allow = (answer.headers.get('allow') ?? '').split(',').map((method) => method.trim()).filter(Boolean) as Method[];
  const extra: Record<string, string> = {};
  for (const name of KEPT) {
    const kept = answer.headers.get(name);
    if (kept !== null) extra[name] = kept;
  }
  return csvResponse(request, value, allow, extra);
}

/** Paths the api-csv Edge Function is declared for: the root, `/<prefix>/` and `/<prefix>/<a>/<b>/`. */
export const STATIC_VIEW_PATH = '^/api/v1/(?:[^/]+/(?:[^/]+/[^/]+/)?)?$';
