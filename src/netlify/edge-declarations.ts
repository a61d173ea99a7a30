/**
 * The declaration of the detail Edge Function, which depends on the build's layout
 * (src/output/layout.ts): a packed build needs it on every detail path (details live in packs,
 * which no rule can address); a loose build must not have it, or every detail, a file on the
 * CDN, would cost an edge invocation first. An inline `config` cannot depend on the build, so the
 * build command writes the declaration into Netlify's Frameworks API file
 * `.netlify/v1/config.json` (docs.netlify.com/build/frameworks/frameworks-api: `edge_functions`
 * takes declarations with the properties netlify.toml's have), which Netlify reads after the
 * build command, before it bundles the Edge Functions (docs/netlify.md#edge-functions).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DETAIL_API_PATH } from '../serve/api/early.ts';
import type { Layout } from '../output/layout.ts';

/** The Frameworks API file, relative to the site's base directory. */
const FRAMEWORKS_CONFIG = '.netlify/v1/config.json';

export interface EdgeDeclaration {
  function: string;
  pattern: string;
}

/** The Edge Function declarations a build of this layout needs beyond the inline ones. */
export function edgeDeclarations(layout: Layout): EdgeDeclaration[] {
  return layout === 'packed' ? [{ function: 'api-detail', pattern: DETAIL_API_PATH }] : [];
}

/** Writes the Frameworks API file under `baseDir` for a build of this layout. */
export async function writeEdgeDeclarations(baseDir: string, layout: Layout): Promise<string> {
  const path = join(baseDir, FRAMEWORKS_CONFIG);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify({ edge_functions: edgeDeclarations(layout) }, null, 2)}\n`);
  return path;
}
