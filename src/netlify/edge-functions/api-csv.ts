/**
 * Edge Function for GET and HEAD on the paths the CDN answers from a file (the root, bare lists
 * and list actions) whose `Accept` names `text/csv` or `text/*`: rules cannot select by `Accept`,
 * but an Edge Function's `header` match can, so every other request (JSON clients, crawlers) is a
 * plain CDN hit that invokes nothing. Here an `Accept` that picks froide's CSV renderer gets the
 * file's JSON rendered as CSV (src/serve/api/csv-answer.ts), and one no renderer of the view
 * satisfies its 406. Every other request goes on unchanged.
 */
import { csvOfJsonAnswer, wantsCsv } from '../../serve/api/csv-answer.ts';
import { unacceptable } from '../../serve/api/early.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal values: Netlify reads this declaration without running the module. The pattern equals
// STATIC_VIEW_PATH in src/serve/api/csv-answer.ts (checked by test/netlify).
// `header` is a regular expression on the header's value (@netlify/edge-bundler, getHeaderMatchers).
// No method: edge-bundler's manifest takes only GET, POST, PUT, PATCH, DELETE and OPTIONS (no
// HEAD), and api-methods owns every method but GET and HEAD, so the path, the header and this
// function's first line select GET and HEAD alike.
export const config = { pattern: '^/api/v1/(?:[^/]+/(?:[^/]+/[^/]+/)?)?$', header: { accept: 'text/(?:csv|\\*)' } };

export default async function apiCsv(request: Request, context: EdgeContext): Promise<Response> {
  // Writes and OPTIONS are api-methods' (the declaration cannot say GET and HEAD only).
  if (request.method !== 'GET' && request.method !== 'HEAD') return context.next();
  const refused = unacceptable(request);
  if (refused) return refused;
  // An answer that is CSV already (the function's, for `?format=csv`) passes through csvOfJsonAnswer.
  if (!wantsCsv(request)) return context.next();
  return csvOfJsonAnswer(request, await context.next());
}
