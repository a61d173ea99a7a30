/**
 * Edge Function for API requests with a method other than GET/HEAD: redirect
 * rules cannot select by method, and the CDN would answer OPTIONS or POST on a static file
 * itself. Runs the store-free part of the API core.
 */
import { earlyAnswer } from '../../serve/api/early.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal values: Netlify reads this declaration without running the module.
// test/netlify checks it against src/serve/host-routing.ts.
export const config = {
  path: ['/api/v1', '/api/v1/*'],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};

export default async function apiMethods(request: Request, context: EdgeContext): Promise<Response> {
  return (await earlyAnswer(request)) ?? context.next();
}
