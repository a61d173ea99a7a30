/**
 * The little of the Edge runtime the adapters use, declared here instead of installing
 * @netlify/edge-functions (its `Netlify` global clashes with @netlify/functions; platform
 * docs/netlify.md#local-emulation). Deno provides the real objects.
 */
export interface EdgeContext {
  /** The rest of the chain: rewrites, then the CDN's static file. */
  next(): Promise<Response>;
}

interface NetlifyGlobal {
  env: { get(name: string): string | undefined };
}

export function netlifyEnv(name: string): string | undefined {
  return (globalThis as unknown as { Netlify?: NetlifyGlobal }).Netlify?.env.get(name);
}
