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
export const config = { pattern: '^/api/v1/(?:[^/]+/(?:[^/]+/[^/]+/)?)?$', method: ['GET', 'HEAD'], header: { accept: 'text/(?:csv|\\*)' } };

export default async function apiCsv(request: Request, context: EdgeContext): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  // An answer that is CSV already (the function's, for `?format=csv`) passes through csvOfJsonAnswer.
  if (!wantsCsv(request)) return context.next();
  return csvOfJsonAnswer(request, await context.next());
}
