/**
 * `npm start` / `archive serve`: build/ over HTTP with the routing and the handlers of the
 * Netlify deploy. Wires the preview's router (router.ts: static files answer
 * bare paths; everything else goes to the same web-standard handlers the Netlify functions
 * wrap) to a Node server (node-adapter.ts). No netlify-cli needed.
 */
import { DEFAULTS, tokenTtlOf, type Env } from '../../config.ts';
import { DEVELOPMENT_KEY, isProductionContext, parseTokenKeys, type TokenKey } from '../../formats/token-keys.ts';
import { servingKeys, type TokenServing } from '../shared/minting.ts';
import { folderMediaStore } from '../../media/media-folder-store.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { createApiHandler, loadManifest } from '../api/handler.ts';
import type { BuildNotice } from '../api/html/notice.ts';
import { createMediaHandler } from '../media/handler.ts';
import { fsBuildStore } from '../shared/fs-build-store.ts';
import { describeRequest, serveOverNode, type NodeServer } from './node-adapter.ts';
import { createPreviewRouter } from './router.ts';
import { StaticFiles } from './static-files.ts';

export interface PreviewOptions {
  buildDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * MEDIA_TOKEN_KEYS and MEDIA_TOKEN_TTL are read from here when `tokenKeys` and `tokenTtl` are
   * not given; with CONTEXT or NODE_ENV production, weak keys are refused (servingKeys).
   */
  env?: Env;
  /** Where the refusal of weak keys is said (default: standard error). */
  log?: (line: string) => void;
  tokenKeys?: readonly TokenKey[];
  /** Seconds a minted token lives (default MEDIA_TOKEN_TTL, else DEFAULTS.tokenTtl). */
  tokenTtl?: number;
  /** Unix seconds: the clock tokens are minted and checked by. */
  now?: () => number;
  /** Where media bytes come from (default: the folder store at DEFAULTS.mediaStore, as `npm start` builds). */
  media?: MediaStore;
  /** Called with the cause of every 500 and the request that met it (`GET /api/v1/…`). */
  onError?: (error: unknown, request: string) => void;
  /** `npm start`'s failed rebuild, for the banner of the browsable API (src/start.ts). */
  notice?: () => BuildNotice | null;
}

export type PreviewServer = NodeServer;

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  // Node loads its fetch classes (Request, Response, Headers) on first use, which took 50-100 ms
  // of the first answer: loaded at start instead (docs/search.md, "The first answer").
  void new Response(null).headers;
  const given =
    options.tokenKeys ?? (options.env?.MEDIA_TOKEN_KEYS ? parseTokenKeys(options.env.MEDIA_TOKEN_KEYS) : [DEVELOPMENT_KEY]);
  const { keys, refused } = servingKeys(given, isProductionContext((name) => options.env?.[name]), options.log);
  const tokens: TokenServing = {
    keys,
    ...(refused ? { refused } : {}),
    ttl: options.tokenTtl ?? tokenTtlOf(options.env?.MEDIA_TOKEN_TTL),
    ...(options.now ? { now: options.now } : {}),
  };
  const store = fsBuildStore(options.buildDir);
  const onError = (error: unknown, request: Request) => options.onError?.(error, describeRequest(request.method, new URL(request.url)));
  const router = createPreviewRouter({
    api: createApiHandler({ store, onError, tokens, ...(options.notice ? { notice: options.notice } : {}) }),
    media: createMediaHandler({
      keys,
      refused,
      ttl: tokens.ttl,
      ...(options.now ? { now: options.now } : {}),
      data: store,
      media: options.media ?? folderMediaStore(DEFAULTS.mediaStore),
      onError,
    }),
    files: new StaticFiles(options.buildDir),
    store,
    // Read on every minted file, not kept: a rebuild under a running preview may change it.
    minting: { tokens, mediaUrl: () => loadManifest(store).then((manifest) => manifest.urls.mediaUrl) },
    // Without a readable manifest the routing is a packed build's; the API answers say what is missing.
    loose: () => loadManifest(store).then((manifest) => (manifest.layout === 'loose' ? manifest.lists : undefined), () => undefined),
  });
  return serveOverNode(router, { host: options.host ?? '127.0.0.1', port: options.port ?? 8080, ...(options.onError ? { onError: options.onError } : {}) });
}
