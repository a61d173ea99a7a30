/**
 * The schema view, `/api/v1/schema/`: the OpenAPI document the build wrote
 * (buildPaths.openapi), as froide serves its own (okfde/froide:froide/urls.py,
 * drf-spectacular's SpectacularJSONAPIView): JSON as `application/vnd.oai.openapi+json` by
 * default, `application/json` to a client that asks for it, `?format=json` accepted. YAML is
 * offered too, as drf-spectacular's SpectacularAPIView offers it (`?format=yaml`, or an Accept
 * of `application/vnd.oai.openapi` or `application/yaml`); froide answers those 404 and 406.
 * Free of node: imports and packages (the api-methods Edge Function negotiates with it).
 */
import { buildPaths } from '../../api/build-paths.ts';
import { chooseRenderer } from './negotiation.ts';
import { apiHeaders, errorResponse, HTML_TYPE, MESSAGES, okResponse } from './responses.ts';
import type { BuildStore } from '../shared/build-store.ts';
import { htmlPageHeaders } from './html/page-headers.ts';
import { SCHEMA_METHODS } from '../../api/resources/declaration-spec.ts';

type SchemaFormat = 'json' | 'yaml';

/** drf-spectacular's renderers, in the order DRF tries them: JSON first (froide's only ones), then YAML. */
const RENDERERS: readonly { type: string; format: SchemaFormat; contentType: string }[] = [
  { type: 'application/vnd.oai.openapi+json', format: 'json', contentType: 'application/vnd.oai.openapi+json' },
  { type: 'application/json', format: 'json', contentType: 'application/json' },
  // DRF adds the charset of BaseRenderer (utf-8); its JSONRenderer has none.
  { type: 'application/vnd.oai.openapi', format: 'yaml', contentType: 'application/vnd.oai.openapi; charset=utf-8' },
  { type: 'application/yaml', format: 'yaml', contentType: 'application/yaml; charset=utf-8' },
];

export const SCHEMA_RENDERS: readonly string[] = RENDERERS.map((renderer) => renderer.type);

/** drf-spectacular's docstring of the view, its OPTIONS description. */
export const SCHEMA_DESCRIPTION = 'OpenApi3 schema for this API. Format can be selected via content negotiation.\n\n- YAML: application/vnd.oai.openapi\n- JSON: application/vnd.oai.openapi+json';

/** The renderers `?format=` leaves (DRF `filter_renderers`); none for a format the view lacks (a 404). */
export function schemaRenders(format: string | undefined): readonly string[] {
  return RENDERERS.filter((renderer) => !format || renderer.format === format).map((renderer) => renderer.type);
}

/** The document in the negotiated format, after api-early has refused what cannot be served. */
export async function schemaResponse(request: Request, url: URL, store: BuildStore): Promise<Response> {
  const format = url.searchParams.getAll('format').at(-1) || undefined;
  const type = chooseRenderer(request.headers.get('accept'), schemaRenders(format));
  const renderer = RENDERERS.find((candidate) => candidate.type === type);
  if (!renderer) throw new Error(`${url.pathname}: no schema renderer for Accept ${request.headers.get('accept')}`);
  const bytes = await store.read(buildPaths.openapi(renderer.format));
  // A build from before the schema view: nothing to serve.
  if (bytes === null) return errorResponse(request, 404, { detail: MESSAGES.notFound }, SCHEMA_METHODS);
  return okResponse(request, bytes, {
    ...apiHeaders(SCHEMA_METHODS, renderer.contentType),
    'content-disposition': `inline; filename="schema.${renderer.format}"`,
  });
}

/**
 * `/api/v1/schema/swagger-ui/`: Swagger UI reading the document (froide: SpectacularSwaggerView).
 * Every URL in it is relative to the page, so one page serves every deploy; the script and the
 * style are files of the build (buildPaths.schemaUi, copied from swagger-ui-dist).
 */
/**
 * Reads the document itself and hands it over as `spec`: given a `url`, Swagger UI shows that
 * URL ("../") as a link under the title. No online validator badge (`validatorUrl: null`).
 */
const SCHEMA_SCRIPT = `fetch("../",{headers:{accept:"application/vnd.oai.openapi+json"}}).then(r=>r.json()).then(spec=>{window.ui=SwaggerUIBundle({spec,dom_id:"#swagger-ui",deepLinking:true,presets:[SwaggerUIBundle.presets.apis],layout:"BaseLayout",validatorUrl:null})})`;

const SCHEMA_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API schema</title>
<link rel="stylesheet" href="swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="swagger-ui-bundle.js"></script>
<script>${SCHEMA_SCRIPT}</script>
</body>
</html>
`;

/** Swagger UI's bundle and style sheet are files of the site; it fetches the schema and sets style attributes. */
const SCHEMA_PAGE_HEADERS = htmlPageHeaders({ siteFiles: true, inlineScripts: [SCHEMA_SCRIPT], fetches: true, styleAttributes: true });

export function schemaPageResponse(request: Request): Promise<Response> {
  return okResponse(request, new TextEncoder().encode(SCHEMA_PAGE), { ...apiHeaders(SCHEMA_METHODS, HTML_TYPE), ...SCHEMA_PAGE_HEADERS });
}
