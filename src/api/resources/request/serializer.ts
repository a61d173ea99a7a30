/**
 * Request (docs/froide.md#request): list item with the simple public body; detail with messages, the full
 * public body and the full law.
 */
import type { FoiRequest } from '../../../model/types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { serializeLaw } from '../law/serializer.ts';
import { serializeMessage, STATUS_NAMES } from '../message/serializer.ts';
import { serializePublicBodyDetail, serializeSimplePublicBody } from '../publicbody/serializer.ts';
import { defineBuilt, distinctNames, sorted } from '../serializer-spec.ts';
import { request as declaration } from './declaration.ts';

/** German labels of status and resolution values (docs/froide.md#choices). */
const READABLE_STATUS: Record<string, string> = {
  ...STATUS_NAMES,
  successful: 'Anfrage erfolgreich',
  partially_successful: 'Anfrage teilweise erfolgreich',
  not_held: 'Information nicht vorhanden',
  refused: 'Anfrage abgelehnt',
  user_withdrew_costs: 'Anfrage wurde wegen der Kosten zurückgezogen',
  user_withdrew: 'Anfrage wurde zurückgezogen',
  overdue: 'Antwort verspätet',
};

/** froide's status_representation (docs/froide.md#request); "overdue" is judged at build time. */
export function statusRepresentation(request: FoiRequest, now: number): string {
  if (request.status === 'asleep') return 'asleep';
  if (request.status === 'awaiting_response' && request.dueDate !== null && request.dueDate < now) return 'overdue';
  if (request.status === 'resolved') return request.resolution;
  return request.status;
}

function serializeRequest(ctx: RenderContext, request: FoiRequest) {
  const { urls } = ctx;
  const representation = statusRepresentation(request, ctx.now);
  return {
    resource_uri: urls.detail('request', request.id),
    id: request.id,
    url: urls.requestPage(request.slug),
    jurisdiction: urls.ref('jurisdiction', request.jurisdiction?.id),
    jurisdiction_name: request.jurisdiction?.name ?? null,
    is_foi: request.isFoi,
    checked: request.checked,
    refusal_reason: request.refusalReason,
    costs: request.costs,
    public: true,
    law: urls.ref('law', request.law?.id) as unknown,
    description: request.description,
    redacted_description: [[false, request.description]],
    summary: request.summary,
    same_as_count: request.sameAsCount,
    same_as: urls.ref('request', request.sameAs?.id),
    due_date: renderDateTime(ctx, request.dueDate),
    resolved_on: renderDateTime(ctx, request.resolvedOn),
    last_message: renderDateTime(ctx, request.lastMessage),
    created_at: renderDateTime(ctx, request.createdAt),
    last_modified_at: renderDateTime(ctx, request.lastModifiedAt),
    status: request.status,
    status_representation: representation,
    readable_status: READABLE_STATUS[representation] ?? 'Unbekannt',
    public_body: (request.publicBody ? serializeSimplePublicBody(ctx, request.publicBody) : null) as unknown,
    resolution: request.resolution,
    slug: request.slug,
    title: request.title,
    reference: request.reference,
    user: request.user,
    project: request.project,
    project_site_url: null,
    project_request_count: null,
    campaign: urls.ref('campaign', request.campaign?.id),
    tags: request.tags,
  };
}

function serializeRequestDetail(ctx: RenderContext, request: FoiRequest) {
  return {
    ...serializeRequest(ctx, request),
    public_body: request.publicBody ? serializePublicBodyDetail(ctx, request.publicBody) : null,
    law: request.law ? serializeLaw(ctx, request.law) : null,
    messages: request.messages.map((message) => serializeMessage(ctx, message)),
  };
}

export const requestBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.requests, (a, b) => (b.lastMessage ?? -Infinity) - (a.lastMessage ?? -Infinity) || b.id - a.id),
  id: (request) => request.id,
  item: serializeRequest,
  detail: serializeRequestDetail,
  // The public body, whose number_of_requests grows with every request of it, is stored as a
  // reference to its own bytes (src/api/embeds.ts): a new request changes none of the others.
  embeds: {
    item: (ctx, request) => (request.publicBody ? { kind: 's', id: request.publicBody.id, value: () => serializeSimplePublicBody(ctx, request.publicBody!) } : null),
    detail: (ctx, request) => (request.publicBody ? { kind: 'd', id: request.publicBody.id, value: () => serializePublicBodyDetail(ctx, request.publicBody!) } : null),
  },
  ordering: 'newest last message first (froide: `-last_message`), then id descending',
  // froide: tags starting with q, `order_by("name")`; here the tags of published requests.
  actions: { 'tags/autocomplete': { source: 'names', names: (archive) => distinctNames(archive.requests.flatMap((request) => request.tags)) } },
});
