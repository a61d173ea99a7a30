/**
 * What froide answers an anonymous caller for a write the view has (docs/froide.md#errors, docs/froide.md#methods-and-options, docs/froide.md#resources). The archive
 * accepts no writes: its answer is the 401 of a permission check, unless the resource's
 * declaration (src/api/resources/<name>/declaration.ts) names froide's own refusal (`anonymousWrites`): a 404 where the handler looks the object up
 * among the caller's own (following), a 400 where the create serializer refuses the document
 * (pageannotation). Free of node: imports (the api-methods Edge Function runs it).
 */
import { isPythonIntText, pythonTypeName } from '../../formats/python.ts';
import { missingDetailError, type ApiRoute } from './api-route.ts';
import { essenceOf } from './negotiation.ts';
import { errorResponse, MESSAGES } from './responses.ts';
import { RESOURCES } from '../../api/resources/declaration-registry.ts';
import type { Method, WriteRefusal } from '../../api/resources/declaration-spec.ts';

type View = Exclude<ApiRoute, { kind: 'none' }>;

/** DRF's NotAuthenticated; the first authentication class is OAuth2, hence the Bearer challenge (docs/froide.md#errors). */
export function unauthenticated(request: Request, allow: readonly Method[]): Response {
  return errorResponse(request, 401, { detail: MESSAGES.unauthenticated }, allow, { 'www-authenticate': 'Bearer realm="api"' });
}

function refusalOf(view: View, method: Method): WriteRefusal | undefined {
  if (view.kind !== 'list' && view.kind !== 'detail') return undefined;
  return RESOURCES[view.resource].anonymousWrites?.[view.kind]?.[method];
}

export async function anonymousWrite(request: Request, view: View, method: Method, allow: readonly Method[]): Promise<Response> {
  const refusal = refusalOf(view, method);
  if (refusal === 'not-found' && view.kind === 'detail') return errorResponse(request, 404, missingDetailError(view), allow);
  if (refusal === 'invalid-document') {
    const parsed = await parseBody(request);
    if ('error' in parsed) return errorResponse(request, parsed.status, parsed.error, allow);
    return errorResponse(request, 400, documentErrors(parsed.data), allow);
  }
  return unauthenticated(request, allow);
}

// --- the request body as DRF's parsers read it (JSON, form, multipart) ----------------------

/** A form's fields (Django's QueryDict: the last value of a key) or a JSON value. */
type Data = { form: Map<string, unknown> } | { json: unknown };
type Parsed = { data: Data } | { status: number; error: Record<string, unknown> };

async function parseBody(request: Request): Promise<Parsed> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  // DRF reads an empty body as no data, whatever its content type.
  if (bytes.byteLength === 0) return { data: { form: new Map() } };
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = essenceOf(contentType);
  if (mediaType === 'application/json') {
    try {
      return { data: { json: JSON.parse(new TextDecoder().decode(bytes)) } };
    } catch (error) {
      return { status: 400, error: { detail: `JSON parse error - ${(error as Error).message}` } };
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    return { data: { form: new Map(new URLSearchParams(new TextDecoder().decode(bytes))) } };
  }
  if (mediaType === 'multipart/form-data') {
    try {
      const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
      return { data: { form: new Map(form.entries()) } };
    } catch (error) {
      return { status: 400, error: { detail: `Multipart form parse error - ${(error as Error).message}` } };
    }
  }
  return { status: 415, error: { detail: `Unsupported media type "${contentType}" in request.` } };
}

/**
 * The create serializer's errors for an anonymous caller (docs/froide.md#pageannotation): `document` is a primary
 * key related field whose queryset holds no document for them, so every value fails (DRF's
 * PrimaryKeyRelatedField messages). Other fields are not validated here (docs/api.md).
 */
function documentErrors(data: Data): Record<string, string[]> {
  let value: unknown;
  if ('json' in data) {
    const json = data.json;
    if (json === null) return { non_field_errors: ['No data provided'] };
    if (typeof json !== 'object' || Array.isArray(json)) {
      return { non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonTypeName(json)}.`] };
    }
    if (!Object.hasOwn(json, 'document')) return { document: ['This field is required.'] };
    value = (json as Record<string, unknown>).document;
  } else {
    if (!data.form.has('document')) return { document: ['This field is required.'] };
    value = data.form.get('document');
  }
  // Relational fields read "" as null.
  if (value === null || value === '') return { document: ['This field may not be null.'] };
  const isPk = (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && isPythonIntText(value));
  if (isPk) return { document: [`Invalid pk "${String(value)}" - object does not exist.`] };
  return { document: [`Incorrect type. Expected pk value, received ${pythonTypeName(value)}.`] };
}
