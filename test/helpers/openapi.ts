/**
 * Checks real answers against the OpenAPI document: finds the operation a URL names (literal
 * path segments before `{parameters}`), the response its status declares, and validates the
 * body with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and ajv-formats.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

export interface Checked {
  template: string;
  /** Problems found; empty when the answer is what the document says. */
  errors: string[];
}

const DOCUMENT_ID = 'https://openapi.test/document.json';

/** `/api/v1/{id}/` -> a regex; literal templates first, so `publicbody/autocomplete/` is no `{id}`. */
function templates(document: Json): { template: string; pattern: RegExp; params: number }[] {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
}

function pointer(path: (string | number)[]): string {
  return path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

export function answerChecker(document: Json) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  // The document's own keywords are no schema keywords; only the schemas inside are compiled.
  ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components']);
  ajv.addSchema(document, DOCUMENT_ID);
  const paths = templates(document);
  const responses = document.components.responses as Json;

  function operationOf(pathname: string): { template: string; operation: Json } | null {
    const found = paths.find(({ pattern }) => pattern.test(pathname));
    return found ? { template: found.template, operation: document.paths[found.template].get } : null;
  }

  /** Validates a parsed JSON (or text) body; `pathname` is relative to the server. */
  function check(pathname: string, status: number, contentType: string, body: unknown): Checked {
    const found = operationOf(pathname);
    if (!found) return { template: '', errors: [`no path of the document matches ${pathname}`] };
    const declared = found.operation.responses[String(status)] as Json | undefined;
    if (!declared) return { template: found.template, errors: [`${found.template} declares no ${status}`] };
    const name = typeof declared.$ref === 'string' ? declared.$ref.split('/').at(-1)! : null;
    const media = contentType.split(';')[0]!.trim();
    const content = (name ? responses[name] : declared).content as Json;
    const key = content[media] ? media : content['*/*'] ? '*/*' : null;
    if (!key) return { template: found.template, errors: [`${found.template} ${status} declares no ${media}`] };
    const at = name ? ['components', 'responses', name, 'content', key, 'schema'] : ['paths', found.template, 'get', 'responses', String(status), 'content', key, 'schema'];
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/${pointer(at)}`);
    if (!validate) return { template: found.template, errors: [`no schema at ${at.join('/')}`] };
    if (validate(body)) return { template: found.template, errors: [] };
    return { template: found.template, errors: (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`) };
  }

  return { check, operationOf };
}
