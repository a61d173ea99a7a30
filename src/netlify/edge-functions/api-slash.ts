/**
 * Edge Function for API paths without their trailing slash: Netlify's rules
 * treat `/x` and `/x/` alike (docs/netlify.md#query-rules), so only code can answer Django's 301.
 */
import { earlyAnswer } from '../../serve/api/early.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal value: Netlify reads this declaration without running the module. It equals
// SLASHLESS_API_PATH in src/serve/api/early.ts (checked by test/netlify).
export const config = { pattern: '^/api/v1(/[^/.]+)*$' };

export default async function apiSlash(request: Request, context: EdgeContext): Promise<Response> {
  return (await earlyAnswer(request)) ?? context.next();
}
