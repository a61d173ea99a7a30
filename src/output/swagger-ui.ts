/**
 * The files of the schema page, `/api/v1/schema/swagger-ui/`: Swagger UI's
 * script and style from the swagger-ui-dist package (Apache-2.0, its licence and notice beside
 * them), copied into build/ as they are. The page itself is answered by the API core
 * (src/serve/api/schema-view.ts) and loads them relative to itself.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildPaths } from '../api/build-paths.ts';
import type { PlannedFile } from '../lib/planned-file.ts';

const FILES = ['swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'swagger-ui.css', 'LICENSE', 'NOTICE'];

export function planSwaggerUi(): PlannedFile[] {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return FILES.map((file) => ({ path: buildPaths.schemaUi(file), copyFrom: join(dist, file) }));
}
