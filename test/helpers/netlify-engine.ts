/**
 * Where Netlify sends a request for a build/ on disk: the Edge Function declarations first (inline
 * ones of the adapters, and the layout's from src/netlify/edge-declarations.ts), then the build's
 * `_redirects` plus netlify.toml through Netlify's own redirect engine (netlify-redirector +
 * @netlify/redirect-parser), then static files with Netlify's directory-index candidates
 * (docs/netlify.md#rule-order, docs/netlify.md#directory-index, docs/netlify.md#edge-functions).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';
import { config as methodsConfig } from '../../src/netlify/edge-functions/api-methods.ts';
import { config as slashConfig } from '../../src/netlify/edge-functions/api-slash.ts';
import { edgeDeclarations } from '../../src/netlify/edge-declarations.ts';
import type { Layout } from '../../src/output/layout.ts';
import { API_FUNCTION } from '../../src/output/routing.ts';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The files Netlify tries for a path (netlify/primitives packages/static): `/x/` only its index.html and .htm. */
function candidates(path: string): string[] {
  const relative = decodeURIComponent(path.slice(1));
  if (relative.endsWith('/') || relative === '') return [`${relative.replace(/\/$/, '')}.html`, `${relative.replace(/\/$/, '')}.htm`, `${relative}index.html`, `${relative}index.htm`];
  return [relative, `${relative}.html`, `${relative}.htm`, `${relative}/index.html`, `${relative}/index.htm`];
}

/** The rule Netlify's redirect engine picks for a URL, or null. */
export type RedirectMatch = (url: URL) => { to: string; force: boolean; status: number } | null;

/** Netlify's redirect engine over a `_redirects` file and netlify.toml (netlify-cli's normalisation). */
export async function redirectEngine(redirectsFile: string): Promise<RedirectMatch> {
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [redirectsFile],
    netlifyConfigPath: join(process.cwd(), 'netlify.toml'),
    configRedirects: [],
    minimal: false,
  });
  if (errors.length) throw new Error(`_redirects: ${errors.map(String).join('; ')}`);
  // netlify-cli's normalisation for the engine: from -> origin, query -> params.
  const rules = (redirects as any[]).map(({ conditions, from, query, signed: _signed, ...rest }) => ({ ...rest, origin: from, params: query, conditions }));
  const matcher = await redirector.parseJSON(JSON.stringify(rules), { jwtSecret: 'unused', jwtRoleClaim: 'unused' });
  return (url) =>
    matcher.match({
      scheme: 'https',
      host: url.hostname,
      path: decodeURIComponent(url.pathname),
      query: url.search.slice(1),
      headers: {},
      cookieValues: {},
      getHeader: () => '',
      getCookie: () => '',
    });
}

/**
 * A router for `buildDir` as deployed with its layout: answers `edge:<name>`, `function`,
 * `static:<file>` or `static:<file> (missing: host 404)`.
 */
export async function netlifyEngine(buildDir: string, layout: Layout): Promise<(method: string, url: URL) => Promise<string>> {
  const match = await redirectEngine(join(buildDir, '_redirects'));
  const declared = edgeDeclarations(layout);
  const staticFile = async (path: string): Promise<string | null> => {
    for (const file of candidates(path)) if (await isFile(join(buildDir, file))) return file;
    return null;
  };
  return async (method, url) => {
    if (url.pathname.startsWith('/media/')) return 'edge:media';
    const methodPaths = methodsConfig.path.some((p) => (p.endsWith('/*') ? url.pathname.startsWith(p.slice(0, -1)) : url.pathname === p));
    if (methodPaths && methodsConfig.method.includes(method)) return 'edge:api';
    if (new RegExp(slashConfig.pattern).test(url.pathname)) return 'edge:api';
    const edge = declared.find(({ pattern }) => new RegExp(pattern).test(url.pathname));
    if (edge) return `edge:${edge.function}`;
    const rule = match(url);
    // A non-forced rule is skipped when a file exists at the request path.
    const file = await staticFile(url.pathname);
    if (rule && !(file && !rule.force)) {
      if (rule.to === API_FUNCTION) return 'function';
      if (rule.to.startsWith('/media')) throw new Error(`a rule points into the media tree: ${rule.to}`);
      return `static:${rule.to.slice(1)}${(await isFile(join(buildDir, rule.to.slice(1)))) ? '' : ' (missing: host 404)'}`;
    }
    return file ? `static:${file}` : `static:${decodeURIComponent(url.pathname.slice(1))} (missing: host 404)`;
  };
}
