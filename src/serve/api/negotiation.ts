/**
 * DRF's content negotiation as far as it decides between an answer and a 406
 * (encode/django-rest-framework:rest_framework/negotiation.py, docs/froide.md#formats-and-links, docs/froide.md#errors): `?format=`
 * narrows the view's renderers (an unknown format is a 404 before this), then some media type
 * in `Accept` must match one of them. Matching is by type and subtype with `*` wildcards;
 * parameters, q-values included, play no part (DRF compares only the renderer's parameters,
 * and froide's renderers have none). A missing header means `*\/*`; a present but empty one
 * matches nothing, as in DRF. Free of node: imports (Edge Functions run it).
 */

interface MediaType {
  main: string;
  sub: string;
}

/** Django's parse_header_parameters: the media type of an `Accept` part or a `Content-Type`, before `;`, lower-cased. */
export function essenceOf(text: string): string {
  return text.split(';', 1)[0]!.trim().toLowerCase();
}

/** DRF's `_MediaType`: the media type split at the first `/`. */
function parseMediaType(text: string): MediaType {
  const full = essenceOf(text);
  const slash = full.indexOf('/');
  return slash < 0 ? { main: full, sub: '' } : { main: full.slice(0, slash), sub: full.slice(slash + 1) };
}

/** DRF's `_MediaType.match`: does the renderer's type satisfy the wanted one? */
function satisfies(renderer: MediaType, wanted: MediaType): boolean {
  if (renderer.sub !== '*' && wanted.sub !== '*' && wanted.sub !== renderer.sub) return false;
  if (renderer.main !== '*' && wanted.main !== '*' && wanted.main !== renderer.main) return false;
  return true;
}

/** True when some renderer's media type matches some media type of the Accept header. */
export function acceptable(accept: string | null, renders: readonly string[]): boolean {
  const wanted = (accept ?? '*/*').split(',').map(parseMediaType);
  return renders.some((type) => {
    const renderer = parseMediaType(type);
    return wanted.some((candidate) => satisfies(renderer, candidate));
  });
}

/**
 * DRF's `_MediaType.precedence`: `*\/*` 0, `type/*` 1, a full type 2, a full type with
 * parameters other than `q` 3.
 */
function precedenceOf(text: string): number {
  const { main, sub } = parseMediaType(text);
  if (main === '*') return 0;
  if (sub === '*') return 1;
  const params = text.split(';').slice(1).map((param) => param.split('=', 1)[0]!.trim().toLowerCase()).filter(Boolean);
  return params.every((name) => name === 'q') ? 2 : 3;
}

/**
 * DRF's `select_renderer`: the media types of `Accept` from the most specific to the least
 * (header order within one precedence; q-values play no part), and for each the first
 * renderer that satisfies it. Null when none does (the 406 of `acceptable`).
 */
export function chooseRenderer(accept: string | null, renders: readonly string[]): string | null {
  const wanted = (accept ?? '*/*').split(',').map((text) => ({ type: parseMediaType(text), precedence: precedenceOf(text) }));
  for (let precedence = 3; precedence >= 0; precedence--) {
    for (const candidate of wanted.filter((entry) => entry.precedence === precedence)) {
      const found = renders.find((type) => satisfies(parseMediaType(type), candidate.type));
      if (found) return found;
    }
  }
  return null;
}
