/**
 * `npm start` / `archive serve`: build/ over HTTP with the routing and the handlers of the
 * Netlify deploy. Wires the preview's router (router.ts: static files answer
 * bare paths; everything else goes to the same web-standard handlers the Netlify functions
 * wrap) to a Node server (node-adapter.ts). No netlify-cli needed.
 */
import { DEFAULTS, DEVELOPMENT_KEY, parseTokenKeys, type Env, type TokenKey } from '../../config.ts';
import { folderMediaStore } from '../../media/folder-store.ts';
import type { MediaStore } from '../../media/store.ts';
import { createApiHandler } from '../api/handler.ts';
import { createMediaHandler } from '../media/handler.ts';
import { fsStore } from '../shared/fs-store.ts';
import { describeRequest, serveOverNode, type NodeServer } from './node-adapter.ts';
import { createPreviewRouter } from './router.ts';
import { StaticFiles } from './static-files.ts';

export interface PreviewOptions {
  buildDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** MEDIA_TOKEN_KEYS is read from here when `tokenKeys` is not given. */
  env?: Env;
  tokenKeys?: readonly TokenKey[];
  /** Unix seconds, for token expiry. */
  now?: () => number;
  /** Where media bytes come from (default: the folder store at DEFAULTS.mediaStore, as `npm start` builds). */
  media?: MediaStore;
  /** Called with the cause of every 500 and the request that met it (`GET /api/v1/…`). */
  onError?: (error: unknown, request: string) => void;
}

export type PreviewServer = NodeServer;

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const keys =
    options.tokenKeys ?? (options.env?.MEDIA_TOKEN_KEYS ? parseTokenKeys(options.env.MEDIA_TOKEN_KEYS) : [DEVELOPMENT_KEY]);
  const store = fsStore(options.buildDir);
  const onError = (error: unknown, request: Request) => options.onError?.(error, describeRequest(request.method, new URL(request.url)));
  const router = createPreviewRouter({
    api: createApiHandler({ store, onError }),
    media: createMediaHandler({
      keys,
      ...(options.now ? { now: options.now } : {}),
      data: store,
      media: options.media ?? folderMediaStore(DEFAULTS.mediaStore),
      onError,
    }),
    files: new StaticFiles(options.buildDir),
  });
  return serveOverNode(router, { host: options.host ?? '127.0.0.1', port: options.port ?? 8080, ...(options.onError ? { onError: options.onError } : {}) });
}
