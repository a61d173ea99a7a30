/**
 * Crawls an archive's API as a client would: from the root index, every list page (following
 * `meta.next`), every link in every answer (absolute, and froide's relative `pages_uri` /
 * `documents_uri`), and the `probes` (paths no link reaches). Returns each answer's status and body with the base URL replaced by
 * `{base}`, so two archives served under different addresses compare byte for byte.
 */
import { createHash } from 'node:crypto';

export interface CrawledAnswer {
  status: number;
  body: string;
}

/** Every string in a JSON value. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

/** `fetchAt(url)` answers a URL of the archive (under `base`) from the server that serves it. */
export async function crawlApi(base: string, fetchAt: (url: string) => Promise<Response>, probes: readonly string[] = []): Promise<Map<string, CrawledAnswer>> {
  const answers = new Map<string, CrawledAnswer>();
  const queue = [`${base}/api/v1/`, ...probes.map((path) => `${base}${path}`)];
  const media = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    const path = url.slice(base.length);
    if (answers.has(path)) continue;
    const response = await fetchAt(url);
    const text = await response.text();
    answers.set(path, { status: response.status, body: text.split(base).join('{base}') });
    if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) continue;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      continue;
    }
    for (const link of strings(body)) {
      if (link.startsWith(`${base}/api/v1/`)) queue.push(link);
      else if (link.startsWith('/api/v1/')) queue.push(`${base}${link}`);
      else if (link.startsWith(`${base}/media/`) && !/\{|%7B/.test(link)) media.add(link);
    }
  }
  for (const url of [...media].sort()) {
    const response = await fetchAt(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    answers.set(url.slice(base.length), { status: response.status, body: `${bytes.length} bytes, sha256 ${sha256(bytes)}` });
  }
  return answers;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
