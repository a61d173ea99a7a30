/**
 * The linked domain model: what the archive publishes, with references resolved to objects.
 * Built by model/link.ts from validated content; pure data, no I/O, but for message texts the
 * parse cache keeps on disk (model/redaction.ts, MessageText).
 */
import type { RecordSource } from '../content/problems.ts';
import type { ContentFile } from '../content/load.ts';
import type { DocumentInput, LawInput, MessageInput } from '../content/schema.ts';
import type { MultiPolygon, Position } from './geometry.ts';
import type { MessageText, ShownText } from './redaction.ts';
import type { Timestamp } from './time.ts';

interface Record {
  id: number;
  source: RecordSource;
}

export interface Jurisdiction extends Record {
  name: string;
  slug: string;
  rank: number;
  description: string;
  lastModifiedAt: Timestamp;
  region: GeoRegion | null;
}

export interface Law extends Record {
  name: string;
  slug: string;
  description: string;
  longDescription: string;
  lawType: string;
  created: string | null;
  requestNote: string;
  meta: boolean;
  jurisdiction: Jurisdiction;
  emailOnly: boolean;
  mediator: PublicBody | null;
  priority: number;
  url: string;
  maxResponseTime: number | null;
  maxResponseTimeUnit: LawInput['max_response_time_unit'];
  requiresSignature: boolean;
  letterStart: string;
  letterEnd: string;
  /** A date `YYYY-MM-DD` (froide renders str() of a date here, docs/froide.md#law). */
  lastModifiedAt: string;
  refusalReasons: string[];
  legalText: string;
  combined: Law[];
}

interface TreeNode<T> extends Record {
  name: string;
  slug: string;
  parent: T | null;
  children: T[];
  depth: number;
}

export interface Classification extends TreeNode<Classification> {}

export interface Category extends TreeNode<Category> {
  isTopic: boolean;
}

export interface Campaign extends Record {
  name: string;
  slug: string;
  url: string;
  description: string;
  startDate: Timestamp | null;
  active: boolean;
}

export interface ArticleTag extends Record {
  name: string;
  slug: string;
}

export interface Government extends Record {
  name: string;
  slug: string;
}

interface PlanUpdate {
  id: number;
  timestamp: Timestamp;
  title: string;
  content: string;
  url: string;
  status: string;
  rating: number | null;
}

export interface GovernmentPlan extends Record {
  government: Government;
  title: string;
  slug: string;
  description: string;
  quote: string;
  /** A date `YYYY-MM-DD`. */
  dueDate: string | null;
  measure: string;
  status: string;
  rating: number | null;
  reference: string;
  properties: { [key: string]: unknown };
  /** Newest first (froide). */
  updates: PlanUpdate[];
}

export interface PublicBody extends TreeNode<PublicBody> {
  otherNames: string[];
  description: string;
  url: string | null;
  root: PublicBody;
  classification: Classification | null;
  categories: Category[];
  email: string;
  contact: string;
  address: string;
  fax: string;
  requestNote: string;
  jurisdiction: Jurisdiction;
  laws: Law[];
  sourceReference: string;
  alternativeEmails: { [category: string]: string };
  wikidataItem: string;
  extraData: { [key: string]: unknown };
  /** [longitude, latitude] */
  geo: [number, number] | null;
  lastModifiedAt: Timestamp;
  /** Published requests addressed to this body. */
  numberOfRequests: number;
  regions: GeoRegion[];
}

export interface FoiRequest extends Record {
  slug: string;
  title: string;
  description: string;
  summary: string;
  publicBody: PublicBody | null;
  jurisdiction: Jurisdiction | null;
  law: Law | null;
  status: string;
  resolution: string;
  refusalReason: string;
  costs: number;
  isFoi: boolean;
  checked: boolean;
  sameAs: FoiRequest | null;
  sameAsCount: number;
  createdAt: Timestamp | null;
  dueDate: Timestamp | null;
  resolvedOn: Timestamp | null;
  lastMessage: Timestamp | null;
  lastModifiedAt: Timestamp;
  reference: string;
  user: number | null;
  /** The requester's public name (froide `User.display_name()`), null when unknown or private. */
  userName: string | null;
  project: number | null;
  campaign: Campaign | null;
  tags: string[];
  /** Published messages, ordered by timestamp (then id). */
  messages: Message[];
}

export interface Message extends Record {
  request: FoiRequest;
  kind: MessageInput['kind'];
  isResponse: boolean;
  senderPublicBody: PublicBody | null;
  recipientPublicBody: PublicBody | null;
  timestamp: Timestamp;
  status: string;
  sent: boolean;
  isDraft: boolean;
  isEscalation: boolean;
  contentHidden: boolean;
  registeredMailDate: Timestamp | null;
  redacted: boolean;
  notPublishable: boolean;
  /** As an anonymous reader sees them: marked passages redacted (model/redaction.ts). */
  subject: ShownText;
  /** The text may be on disk (a StoredText): read it through `shown` (model/redaction.ts). */
  content: MessageText;
  lastModifiedAt: Timestamp;
  /** Published (approved) attachments, ordered by name (then id). */
  attachments: Attachment[];
}

export interface Attachment extends Record {
  message: Message;
  name: string;
  filetype: string;
  file: ContentFile;
  isPdf: boolean;
  isImage: boolean;
  approved: boolean;
  isRedacted: boolean;
  isIrrelevant: boolean;
  canApprove: boolean;
  document: Document | null;
}

export interface Document extends Record {
  uid: string;
  /** Editor's title; the PDF title and then the file name are the defaults (see api/resources/document/serializer.ts). */
  title: string | undefined;
  slug: string | undefined;
  description: string;
  publishedAt: Timestamp | null;
  public: boolean;
  listed: boolean;
  allowAnnotation: boolean;
  file: ContentFile;
  /** Name of the PDF inside the document's media directory. */
  fileName: string;
  lastModifiedAt: Timestamp;
  properties: DocumentInput['properties'];
  data: DocumentInput['data'];
  original: Attachment | null;
  foirequest: FoiRequest | null;
  publicbody: PublicBody | null;
  /** Published collections holding this document, with its place in each. */
  collections: CollectionEntry[];
  /** Annotations, oldest first (froide: `timestamp`); imported documents only. */
  annotations: PageAnnotation[];
}

export interface CollectionDirectory extends Record {
  collection: DocumentCollection;
  name: string;
  /** Markdown. */
  description: string;
  parent: CollectionDirectory | null;
  /** Ordered by name (treebeard `node_order_by = ["name"]`). */
  children: CollectionDirectory[];
  /** treebeard depth: 1 for a top-level directory. */
  depth: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A document's place in a collection. */
export interface CollectionEntry {
  collection: DocumentCollection;
  document: Document;
  /** null: the top level. */
  directory: CollectionDirectory | null;
  /** 0-based position in the collection order. */
  rank: number;
  /** Key path of the entry's `document` key in the collection file, for problems about it. */
  path: readonly (string | number)[];
}

export interface DocumentCollection extends Record {
  uid: string;
  title: string;
  slug: string;
  description: string;
  listed: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  allowZipDownload: boolean;
  settings: { [key: string]: unknown };
  /** Top-level directories, by name. */
  directories: CollectionDirectory[];
  /** Every directory, parents before children. */
  allDirectories: CollectionDirectory[];
  /** Collection order. */
  entries: CollectionEntry[];
}

export interface PageAnnotation extends Record {
  document: Document;
  page: number;
  title: string;
  description: string;
  /** Pixels on the page's original image; null for a note on the whole page. */
  rect: { top: number; left: number; width: number; height: number } | null;
  timestamp: Timestamp;
  highlight: string;
}

/** A georegion (docs/froide.md#georegion); `parent` is froide's `part_of`, `depth` its depth in that tree. */
export interface GeoRegion extends TreeNode<GeoRegion> {
  kind: string;
  kindDetail: string;
  level: number;
  regionIdentifier: string;
  globalIdentifier: string;
  population: number | null;
  validOn: Timestamp | null;
  govSeat: Position | null;
  /** MultiPolygon coordinates; empty when the region has no geometry. */
  polygons: MultiPolygon;
  /** m²: given, or computed from `polygons` (model/geometry.ts). */
  area: number;
  centroid: Position | null;
}

export interface Archive {
  timeZone: string;
  jurisdictions: Jurisdiction[];
  laws: Law[];
  classifications: Classification[];
  categories: Category[];
  campaigns: Campaign[];
  articleTags: ArticleTag[];
  /** Published (public) plans only. */
  governmentPlans: GovernmentPlan[];
  publicBodies: PublicBody[];
  /** Published requests only (public ones). */
  requests: FoiRequest[];
  /** Published messages only (non-draft messages of published requests). */
  messages: Message[];
  /** Published attachments only (approved, of published messages). */
  attachments: Attachment[];
  /** Imported documents and documents derived from published attachments. */
  documents: Document[];
  georegions: GeoRegion[];
  venues: Venue[];
  /** Objects of public information campaigns only. */
  informationObjects: InformationObject[];
  /** Public information campaigns only. */
  infoCampaigns: InfoCampaign[];
  /** Published (public) collections, listed or not. */
  collections: DocumentCollection[];
  /** Annotations of published imported documents. */
  annotations: PageAnnotation[];
  /**
   * Content files no anonymous reader may have: attachments that are not published, private
   * imported documents and unlisted ones (their uid guards them). No published file may hold
   * the same bytes (model/withheld-bytes.ts).
   */
  withheld: WithheldFile[];
}

/** A content file the archive keeps from anonymous readers, and where content declares it. */
export interface WithheldFile {
  /** `attachment 3031`, `private document 7`: what an editor finds it by. */
  what: string;
  file: ContentFile;
  source: RecordSource;
  path: (string | number)[];
}

/** froide-food's FoodAuthorityStatus: what the platform knows about how authorities answer. */
export interface FoodAuthority extends Record {
  title: string;
  description: string;
  cooperative: boolean;
}

/** A venue (froide-food): an amenity plus the control-report requests made about it. */
export interface Venue {
  ident: string;
  source: RecordSource;
  name: string;
  address: string;
  city: string | undefined;
  lat: number;
  lng: number;
  category: string | undefined;
  image: string | undefined;
  url: string | undefined;
  rating: number | undefined;
  reviewCount: number | undefined;
  /** The food safety authority in charge, if known. */
  publicBody: PublicBody | null;
  authority: FoodAuthority | null;
  /** Newest first (froide: VenueRequestItem ordering `-timestamp`; timestamp = the request's created_at). */
  requests: FoiRequest[];
}

export interface InfoCampaignCategory {
  id: number;
  title: string;
}

/** A froide-campaign Campaign (not the `campaign` resource): a list of objects to request information about. */
export interface InfoCampaign extends Record {
  title: string;
  slug: string;
  description: string;
  subjectTemplate: string;
  template: string;
  lawType: string;
  redirectUrl: string;
  categories: InfoCampaignCategory[];
}

export interface InformationObject extends Record {
  campaign: InfoCampaign;
  ident: string;
  title: string;
  subtitle: string;
  address: string;
  lat: number | null;
  lng: number | null;
  publicBody: PublicBody | null;
  /** Newest (created_at) first, as froide-campaign orders them. */
  requests: FoiRequest[];
  categories: InfoCampaignCategory[];
  featured: boolean;
  ordering: string;
  context: { [key: string]: unknown };
}
