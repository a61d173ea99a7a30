/**
 * Request (docs/froide.md#request): list item with the simple public body; detail with messages, the full
 * public body and the full law.
 */
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../../content/choices.ts';
import type { FoiRequest } from '../../../model/types.ts';
import { arrayOf, boolean, dateTime, enumOf, integer, link, number, ref, relative, selfLink, string, tuple, uri } from '../../field-types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { serializeLaw } from '../law/serializer.ts';
import { serializeMessage, STATUS_NAMES } from '../message/serializer.ts';
import { serializePublicBodyDetail, serializeSimplePublicBody } from '../publicbody/serializer.ts';
import { defineObject, extendObject } from '../object-fields.ts';
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

/** froide's status_representation (docs/froide.md#request): any status but `resolved`, any resolution, or `overdue`. */
const STATUS_REPRESENTATIONS = [...new Set([...REQUEST_STATUSES.filter((status) => status !== 'resolved'), ...REQUEST_RESOLUTIONS, 'overdue'])];

/** What two keys read: the status representation, judged once per request at the build clock. */
const representationOf = (request: FoiRequest, ctx: RenderContext) => statusRepresentation(request, ctx.now);

/** froide's `FoiRequestListSerializer` keys, in its order: a list item. */
export const foiRequestList = defineObject('FoiRequestList', representationOf, {
  resource_uri: [selfLink('request'), (r, ctx) => ctx.urls.detail('request', r.id)],
  id: [integer, 'id'],
  url: [relative.describe('Public page, relative to the site: `/anfrage/<slug>/`.'), (r, ctx) => ctx.urls.requestPage(r.slug)],
  jurisdiction: [link('jurisdiction').nullable(), (r, ctx) => ctx.urls.ref('jurisdiction', r.jurisdiction?.id)],
  jurisdiction_name: [string.nullable(), (r) => r.jurisdiction?.name ?? null],
  is_foi: [boolean, 'isFoi'],
  checked: [boolean, 'checked'],
  refusal_reason: [string, 'refusalReason'],
  costs: [number.describe('A decimal, always written with a fraction (`0.0`).'), 'costs'],
  public: [boolean.describe('Always true: only public requests are published.'), () => true],
  law: [link('law').nullable(), (r, ctx) => ctx.urls.ref('law', r.law?.id)],
  description: [string, 'description'],
  redacted_description: [arrayOf(tuple(boolean, string)).describe('`[is_redacted, text]` segments of the description.'), (r) => [[false, r.description]]],
  summary: [string, 'summary'],
  same_as_count: [integer, 'sameAsCount'],
  same_as: [link('request').nullable(), (r, ctx) => ctx.urls.ref('request', r.sameAs?.id)],
  due_date: [dateTime.nullable(), (r, ctx) => renderDateTime(ctx, r.dueDate)],
  resolved_on: [dateTime.nullable(), (r, ctx) => renderDateTime(ctx, r.resolvedOn)],
  last_message: [dateTime.nullable(), (r, ctx) => renderDateTime(ctx, r.lastMessage)],
  created_at: [dateTime.nullable(), (r, ctx) => renderDateTime(ctx, r.createdAt)],
  last_modified_at: [dateTime, (r, ctx) => renderDateTime(ctx, r.lastModifiedAt)],
  status: [enumOf(REQUEST_STATUSES), 'status'],
  status_representation: [enumOf(STATUS_REPRESENTATIONS).describe('`overdue` is judged at build time.'), (_, __, representation) => representation],
  readable_status: [string.describe('German label of status_representation.'), (_, __, representation) => READABLE_STATUS[representation] ?? 'Unbekannt'],
  public_body: [ref('SimplePublicBody').nullable(), (r, ctx) => (r.publicBody ? serializeSimplePublicBody(ctx, r.publicBody) : null)],
  resolution: [enumOf(REQUEST_RESOLUTIONS), 'resolution'],
  slug: [string, 'slug'],
  title: [string, 'title'],
  reference: [string, 'reference'],
  user: [integer.nullable(), 'user'],
  project: [integer.nullable(), 'project'],
  project_site_url: [uri.nullable(), () => null],
  project_request_count: [integer.nullable(), () => null],
  campaign: [link('campaign').nullable(), (r, ctx) => ctx.urls.ref('campaign', r.campaign?.id)],
  tags: [arrayOf(string), 'tags'],
});

/** froide's `FoiRequestDetailSerializer`: the list item with the full public body and law, and the messages. */
export const foiRequestDetail = extendObject(foiRequestList, 'FoiRequestDetail', {
  public_body: [ref('PublicBody').nullable(), (r, ctx) => (r.publicBody ? serializePublicBodyDetail(ctx, r.publicBody) : null)],
  law: [ref('FoiLaw').nullable(), (r, ctx) => (r.law ? serializeLaw(ctx, r.law) : null)],
  messages: [arrayOf(ref('FoiMessage')).describe('Published messages, by timestamp.'), (r, ctx) => r.messages.map((message) => serializeMessage(ctx, message))],
});

export const requestBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.requests, (a, b) => (b.lastMessage ?? -Infinity) - (a.lastMessage ?? -Infinity) || b.id - a.id),
  id: (request) => request.id,
  item: foiRequestList.serialize,
  detail: foiRequestDetail.serialize,
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
