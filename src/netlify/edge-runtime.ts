/**
 * The little of the Edge runtime the adapters use, declared here instead of installing
 * @netlify/edge-functions (its `Netlify` global clashes with @netlify/functions; platform
 * docs/netlify.md#local-emulation). Deno provides the real objects.
 */
export interface EdgeContext {
  /** The rest of the chain: rewrites, then the CDN's static file. */
  next(): Promise<Response>;
  /** The deploy: `context` is "production", "deploy-preview", "branch-deploy", ... (docs/netlify.md#functions). */
  deploy?: { context?: string };
}

/** What Functions and Edge Functions get of their deploy (the same shape in both). */
export interface DeployContext {
  deploy?: { context?: string };
}

interface NetlifyGlobal {
  env: { get(name: string): string | undefined };
}

export function netlifyEnv(name: string): string | undefined {
  return (globalThis as unknown as { Netlify?: NetlifyGlobal }).Netlify?.env.get(name);
}

/**
 * The environment of a request's deploy: Netlify.env, with CONTEXT taken from the context
 * object when the environment lacks it (docs/netlify.md#functions: variables of the UI only).
 */
export function deployEnv(context: DeployContext | undefined, env: (name: string) => string | undefined = netlifyEnv): (name: string) => string | undefined {
  return (name) => env(name) ?? (name === 'CONTEXT' ? context?.deploy?.context : undefined);
}
