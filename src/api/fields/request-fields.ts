/**
 * Field tables of requests, messages and attachments (docs/api.md#message-fields, docs/api.md#attachment-fields, docs/froide.md#request, docs/froide.md#message, docs/froide.md#attachment), in the
 * key order of src/api/resources/request/serializer.ts, message/serializer.ts and attachment/serializer.ts.
 */
import { MESSAGE_KINDS, REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../content/choices.ts';
import { arrayOf, boolean, dateTime, enumOf, type FieldTable, integer, link, number, ref, relative, selfLink, string, tuple, uri } from '../field-types.ts';

/** froide's status_representation (docs/froide.md#request): any status but `resolved`, any resolution, or `overdue`. */
const STATUS_REPRESENTATIONS = [...new Set([...REQUEST_STATUSES.filter((status) => status !== 'resolved'), ...REQUEST_RESOLUTIONS, 'overdue'])];

const FOI_REQUEST_LIST = {
  resource_uri: selfLink('request'),
  id: integer,
  url: relative.describe('Public page, relative to the site: `/anfrage/<slug>/`.'),
  jurisdiction: link('jurisdiction').nullable(),
  jurisdiction_name: string.nullable(),
  is_foi: boolean,
  checked: boolean,
  refusal_reason: string,
  costs: number.describe('A decimal, always written with a fraction (`0.0`).'),
  public: boolean.describe('Always true: only public requests are published.'),
  law: link('law').nullable(),
  description: string,
  redacted_description: arrayOf(tuple(boolean, string)).describe('`[is_redacted, text]` segments of the description.'),
  summary: string,
  same_as_count: integer,
  same_as: link('request').nullable(),
  due_date: dateTime.nullable(),
  resolved_on: dateTime.nullable(),
  last_message: dateTime.nullable(),
  created_at: dateTime.nullable(),
  last_modified_at: dateTime,
  status: enumOf(REQUEST_STATUSES),
  status_representation: enumOf(STATUS_REPRESENTATIONS).describe('`overdue` is judged at build time.'),
  readable_status: string.describe('German label of status_representation.'),
  public_body: ref('SimplePublicBody').nullable(),
  resolution: enumOf(REQUEST_RESOLUTIONS),
  slug: string,
  title: string,
  reference: string,
  user: integer.nullable(),
  project: integer.nullable(),
  project_site_url: uri.nullable(),
  project_request_count: integer.nullable(),
  campaign: link('campaign').nullable(),
  tags: arrayOf(string),
} satisfies FieldTable;

const FOI_REQUEST_DETAIL = {
  ...FOI_REQUEST_LIST,
  public_body: ref('PublicBody').nullable(),
  law: ref('FoiLaw').nullable(),
  messages: arrayOf(ref('FoiMessage')).describe('Published messages, by timestamp.'),
} satisfies FieldTable;

const FOI_MESSAGE = {
  resource_uri: selfLink('message'),
  id: integer,
  url: uri.describe('Public page of the message, ending in `#nachricht-<id>`.'),
  request: link('request'),
  sent: boolean,
  is_response: boolean,
  is_postal: boolean,
  is_draft: boolean.describe('Always false: drafts are not published.'),
  kind: enumOf(MESSAGE_KINDS),
  is_escalation: boolean,
  content_hidden: boolean,
  sender_public_body: link('publicbody').nullable(),
  recipient_public_body: link('publicbody').nullable(),
  status: enumOf(REQUEST_STATUSES).nullable(),
  timestamp: dateTime,
  registered_mail_date: dateTime.nullable(),
  redacted: boolean,
  not_publishable: boolean,
  attachments: arrayOf(ref('FoiAttachment')),
  subject: string.describe('Empty when `content_hidden`; redacted passages read `[geschwärzt]`.'),
  content: string.describe('Empty when `content_hidden`; redacted passages read `[geschwärzt]`.'),
  redacted_subject: arrayOf(tuple(boolean, string)).describe('froide\'s segments `[redacted, text]`; `[]` when `content_hidden`.'),
  redacted_content: arrayOf(tuple(boolean, string)).describe('froide\'s segments `[redacted, text]`; `[]` when `content_hidden`.'),
  sender: string.describe('What froide shows an anonymous reader as the sender.'),
  status_name: string.nullable().describe('froide\'s German label of `status`.'),
  last_modified_at: dateTime,
} satisfies FieldTable;

const FOI_ATTACHMENT = {
  resource_uri: selfLink('attachment'),
  id: integer,
  belongs_to: link('message'),
  name: string.describe('File name.'),
  filetype: string.describe('MIME type.'),
  size: integer.describe('Bytes.'),
  site_url: uri,
  anchor_url: uri,
  file_url: uri.describe('Media URL with a signed `token` (see the media paths).'),
  pending: boolean,
  is_converted: boolean,
  converted: link('attachment').nullable().describe('Always null here.'),
  approved: boolean,
  can_approve: boolean,
  can_change_approval: boolean,
  redacted: link('attachment').nullable().describe('Always null here.'),
  is_redacted: boolean,
  can_redact: boolean,
  can_delete: boolean,
  is_pdf: boolean,
  is_image: boolean,
  is_irrelevant: boolean,
  document: ref('Document').nullable().describe('The document derived from the attachment.'),
} satisfies FieldTable;

export const REQUEST_OBJECTS = {
  FoiRequestList: FOI_REQUEST_LIST,
  FoiRequestDetail: FOI_REQUEST_DETAIL,
  FoiMessage: FOI_MESSAGE,
  FoiAttachment: FOI_ATTACHMENT,
} satisfies Record<string, FieldTable>;
