/**
 * The media files the API links to (docs/api.md#media-urls-and-tokens, docs/serving.md "Media") as operations of the
 * OpenAPI document, with the signed `token` parameter. Their path shapes are `mediaPaths` of
 * src/api/media-paths.ts; the sample-archive test checks that every media URL in every answer matches
 * one of them. When the media URL lies under the base URL (`/media/`), the paths are written
 * under the document's server, so that a generated client reaches them; otherwise each path
 * names the media host as its own server.
 */
import type { JsonSchema } from '../field-types.ts';
import type { UrlSettings } from '../../formats/manifest.ts';
import type { Parameter } from './parameters.ts';

/** `<exp base36>:<kid>:<base64url HMAC-SHA256>` (src/formats/media-token.ts signScope). */
export const TOKEN_PATTERN = '^[0-9a-z]{1,12}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{43}$';

const token = (required: boolean, description: string): Parameter => ({
  name: 'token',
  in: 'query',
  ...(required ? { required } : {}),
  description,
  schema: { type: 'string', pattern: TOKEN_PATTERN },
});

const segment = (name: string, description: string, schema: JsonSchema = { type: 'string' }): Parameter => ({ name, in: 'path', required: true, description, schema });

/** froide's sharded document directory: `<h0:2>/<h2:4>/<h4:6>/<uid hex>` (mediaPaths.documentDir). */
const DOCUMENT_DIR = [
  segment('h0', 'Characters 1-2 of the uid in hex.'),
  segment('h2', 'Characters 3-4 of the uid in hex.'),
  segment('h4', 'Characters 5-6 of the uid in hex.'),
  segment('uid', 'The document uid in hex, without dashes.'),
  segment('file', 'The PDF, or a page image `page-p<n>-<size>.png` (`.png.webp` beside it when properties._format_webp is true), or an annotation area.'),
];

const FILE = { description: 'The file; `Range` requests answer 206.', content: { '*/*': { schema: {} } } };
const REFUSED = (why: string) => ({ description: why, content: { 'text/plain': { schema: { type: 'string' } } } });

function file(operationId: string, summary: string, parameters: Parameter[]) {
  return {
    get: {
      operationId,
      tags: ['media'],
      summary,
      parameters,
      responses: {
        '200': FILE,
        '206': FILE,
        '403': REFUSED('The file needs a token, and it is missing, malformed, forged or expired.'),
        '404': REFUSED('No such file.'),
      },
    },
  };
}

export function mediaOperations(urls: UrlSettings): Record<string, JsonSchema> {
  const underBase = urls.mediaUrl.startsWith(`${urls.baseUrl}/`);
  const prefix = underBase ? urls.mediaUrl.slice(urls.baseUrl.length) : '/';
  const servers = underBase ? {} : { servers: [{ url: urls.mediaUrl.replace(/\/$/, '') }] };
  return {
    [`${prefix}foi/{message_id}/{name}`]: {
      ...servers,
      ...file(
        'media_attachment_retrieve',
        "An attachment's file (its file_url)",
        [segment('message_id', 'Id of the message.', { type: 'integer' }), segment('name', 'The attachment name.'), token(false, 'As file_url carries it. The file of a published attachment also answers without one, as froide serves public attachments.')],
      ),
    },
    [`${prefix}docs/{h0}/{h2}/{h4}/{uid}/{file}`]: { ...servers, ...file('media_document_retrieve', "A public document's files", DOCUMENT_DIR) },
    [`${prefix}docs-private/{h0}/{h2}/{h4}/{uid}/{file}`]: {
      ...servers,
      ...file('media_private_document_retrieve', "A private document's files", [...DOCUMENT_DIR, token(true, "The document's token, as its file_url carries it: one token covers the PDF and every page image.")]),
    },
  };
}
