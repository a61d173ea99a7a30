/**
 * The field lists of the serializers froide and its apps answer with, copied as data from the
 * files and commits named here (the versions docs/api.md and docs/froide.md describe), for
 * test/api/froide-fields.test.ts. `fields` is the serializer's `Meta.fields` (or its declared
 * fields, for plain Serializers) in order, as written, repeats included: DRF keeps a repeated
 * name at its first place.
 */

interface Origin {
  repo: string;
  commit: string;
  path: string;
}

export interface FroideSerializer extends Origin {
  /** The serializer class, or the function that builds the dict. */
  name: string;
  fields: readonly string[];
  /**
   * Fields a plain DRF Serializer leaves out when the object lacks them (`required=False`
   * without a default): froide's own answers differ in them from object to object.
   */
  optional?: readonly string[];
}

const FROIDE: Origin = { repo: 'okfde/froide', commit: '6e855bdd1935d741aa354c8c5bd681a955fd5c89', path: '' };
const FILINGCABINET: Origin = { repo: 'okfde/django-filingcabinet', commit: '53fe999d9c984bed84bf0e76aca5d0dab9d2954b', path: 'src/filingcabinet/api_serializers.py' };
const FRAGDENSTAAT: Origin = { repo: 'okfde/fragdenstaat_de', commit: '30428f22fb5536553af837595e10e7f7c6580032', path: 'fragdenstaat_de/fds_blog/api_views.py' };
const GOVPLAN: Origin = { repo: 'okfde/froide-govplan', commit: '398eef9120353f819a11ee9c9906c722a4f4e037', path: 'froide_govplan/api_views.py' };
const FOOD: Origin = { repo: 'okfde/froide-food', commit: 'a70bfc44e56e5d2338dc4ba3111ed376152d550b', path: 'froide_food/api_views.py' };
const CAMPAIGN: Origin = { repo: 'okfde/froide-campaign', commit: 'aa7ccdff040a9fcbbfd875b10404052f57b045a6', path: 'froide_campaign/serializers.py' };

const FOIREQUEST = { ...FROIDE, path: 'froide/foirequest/serializers.py' };
const PUBLICBODY = { ...FROIDE, path: 'froide/publicbody/serializers.py' };
const DOCUMENT = { ...FROIDE, path: 'froide/document/api_views.py' };

const REQUEST_LIST_FIELDS = [
  'resource_uri', 'id', 'url', 'jurisdiction', 'jurisdiction_name', 'is_foi', 'checked', 'refusal_reason', 'costs', 'public', 'law',
  'description', 'redacted_description', 'summary', 'same_as_count', 'same_as', 'due_date', 'resolved_on', 'last_message', 'created_at',
  'last_modified_at', 'status', 'status_representation', 'readable_status', 'public_body', 'resolution', 'slug', 'title', 'reference',
  'user', 'project', 'project_site_url', 'project_request_count', 'campaign', 'tags',
];
const SIMPLE_LAW_FIELDS = [
  'resource_uri', 'id', 'name', 'slug', 'description', 'long_description', 'law_type', 'created', 'request_note', 'request_note_html',
  'meta', 'site_url', 'jurisdiction', 'email_only', 'mediator', 'priority', 'url', 'max_response_time', 'email_only',
  'requires_signature', 'max_response_time_unit', 'letter_start', 'letter_end', 'last_modified_at',
];
const PUBLICBODY_LIST_FIELDS = [
  'resource_uri', 'id', 'name', 'slug', 'other_names', 'description', 'url', 'parent', 'root', 'depth', 'classification', 'categories',
  'email', 'contact', 'address', 'fax', 'request_note', 'number_of_requests', 'site_url', 'request_note_html', 'jurisdiction', 'laws',
  'regions', 'source_reference', 'alternative_emails', 'wikidata_item', 'extra_data', 'geo',
];
const FC_DOCUMENT_FIELDS = [
  'resource_uri', 'id', 'site_url', 'title', 'slug', 'description', 'published_at', 'num_pages', 'public', 'listed', 'allow_annotation',
  'pending', 'file_url', 'file_size', 'cover_image', 'page_template', 'outline', 'properties', 'uid', 'data', 'pages_uri',
];
const DOCUMENT_FIELDS = [...FC_DOCUMENT_FIELDS, 'original', 'foirequest', 'publicbody', 'last_modified_at'];
const FC_PAGE_FIELDS = ['document', 'number', 'content', 'width', 'height', 'image'];
const GEOREGION_FIELDS = [
  'resource_uri', 'id', 'name', 'slug', 'kind', 'kind_detail', 'level', 'region_identifier', 'global_identifier', 'area', 'population',
  'valid_on', 'part_of', 'centroid',
];

export const SERIALIZERS = {
  FoiRequestListSerializer: { ...FOIREQUEST, name: 'FoiRequestListSerializer', fields: REQUEST_LIST_FIELDS },
  FoiRequestDetailSerializer: { ...FOIREQUEST, name: 'FoiRequestDetailSerializer', fields: [...REQUEST_LIST_FIELDS, 'messages'] },
  FoiMessageSerializer: {
    ...FOIREQUEST,
    name: 'FoiMessageSerializer',
    fields: [
      'resource_uri', 'id', 'url', 'request', 'sent', 'is_response', 'is_postal', 'is_draft', 'kind', 'is_escalation', 'content_hidden',
      'sender_public_body', 'recipient_public_body', 'status', 'timestamp', 'registered_mail_date', 'redacted', 'not_publishable',
      'attachments', 'subject', 'content', 'redacted_subject', 'redacted_content', 'sender', 'status_name', 'last_modified_at',
    ],
  },
  FoiAttachmentSerializer: {
    ...FOIREQUEST,
    name: 'FoiAttachmentSerializer',
    fields: [
      'resource_uri', 'id', 'belongs_to', 'name', 'filetype', 'size', 'site_url', 'anchor_url', 'file_url', 'pending', 'is_converted',
      'converted', 'approved', 'can_approve', 'can_change_approval', 'redacted', 'is_redacted', 'can_redact', 'can_delete', 'is_pdf',
      'is_image', 'is_irrelevant', 'document',
    ],
  },
  JurisdictionSerializer: {
    ...PUBLICBODY,
    name: 'JurisdictionSerializer',
    fields: ['resource_uri', 'id', 'name', 'rank', 'description', 'slug', 'site_url', 'region', 'region_kind', 'region_kind_detail', 'last_modified_at'],
  },
  FoiLawSerializer: { ...PUBLICBODY, name: 'FoiLawSerializer (SimpleFoiLawSerializer + 3)', fields: [...SIMPLE_LAW_FIELDS, 'refusal_reasons', 'legal_text', 'combined'] },
  SimpleClassificationSerializer: { ...PUBLICBODY, name: 'SimpleClassificationSerializer', fields: ['id', 'name', 'slug', 'depth'] },
  ClassificationSerializer: { ...PUBLICBODY, name: 'ClassificationSerializer', fields: ['id', 'name', 'slug', 'depth', 'parent', 'children'] },
  SimpleCategorySerializer: { ...PUBLICBODY, name: 'SimpleCategorySerializer', fields: ['id', 'name', 'slug', 'is_topic', 'depth'] },
  CategorySerializer: { ...PUBLICBODY, name: 'CategorySerializer', fields: ['id', 'name', 'slug', 'is_topic', 'depth', 'parent', 'children'] },
  SimplePublicBodySerializer: {
    ...PUBLICBODY,
    name: 'SimplePublicBodySerializer',
    fields: [
      'resource_uri', 'id', 'name', 'slug', 'other_names', 'description', 'url', 'depth', 'classification', 'email', 'contact', 'address',
      'fax', 'request_note', 'number_of_requests', 'site_url', 'jurisdiction', 'request_note_html', 'geo', 'last_modified_at',
    ],
  },
  PublicBodyListSerializer: { ...PUBLICBODY, name: 'PublicBodyListSerializer', fields: PUBLICBODY_LIST_FIELDS },
  PublicBodySerializer: { ...PUBLICBODY, name: 'PublicBodySerializer (PublicBodyListSerializer, laws embedded)', fields: PUBLICBODY_LIST_FIELDS },
  GeoRegionSerializer: { ...FROIDE, path: 'froide/georegion/api_views.py', name: 'GeoRegionSerializer', fields: GEOREGION_FIELDS },
  GeoRegionDetailSerializer: { ...FROIDE, path: 'froide/georegion/api_views.py', name: 'GeoRegionDetailSerializer', fields: [...GEOREGION_FIELDS, 'geom', 'gov_seat', 'centroid'] },
  CampaignSerializer: {
    ...FROIDE,
    path: 'froide/campaign/api_views.py',
    name: 'CampaignSerializer',
    fields: ['resource_uri', 'id', 'name', 'slug', 'url', 'description', 'start_date', 'active'],
  },
  DocumentSerializer: { ...DOCUMENT, name: 'DocumentSerializer (filingcabinet DocumentSerializer + 4)', fields: DOCUMENT_FIELDS },
  DocumentDetailSerializer: { ...DOCUMENT, name: 'DocumentDetailSerializer', fields: [...DOCUMENT_FIELDS, 'pages'] },
  PageListSerializer: { ...DOCUMENT, name: 'PageSerializer (filingcabinet PageSerializer + query_highlight)', fields: [...FC_PAGE_FIELDS, 'query_highlight'] },
  PageSerializer: { ...FILINGCABINET, name: 'PageSerializer', fields: FC_PAGE_FIELDS },
  DocumentCollectionSerializer: {
    ...FILINGCABINET,
    name: 'DocumentCollectionSerializer',
    fields: [
      'resource_uri', 'id', 'site_url', 'title', 'description', 'public', 'listed', 'created_at', 'updated_at', 'document_count',
      'document_directory_count', 'uid', 'cover_image', 'current_directory', 'directories', 'directory_stack', 'documents',
      'documents_uri', 'pages_uri', 'settings', 'zip_download_url',
    ],
  },
  CollectionDirectoryListSerializer: { ...FILINGCABINET, name: 'CollectionDirectoryListSerializer', fields: ['id', 'name', 'description', 'depth', 'created_at', 'updated_at'] },
  PageAnnotationSerializer: {
    ...FILINGCABINET,
    name: 'PageAnnotationSerializer',
    fields: ['id', 'title', 'description', 'top', 'left', 'width', 'height', 'timestamp', 'can_delete', 'highlight', 'image', 'document', 'number'],
  },
  ArticleTagSerializer: { ...FRAGDENSTAAT, name: 'ArticleTagSerializer', fields: ['id', 'name', 'slug'] },
  GovernmentPlanSerializer: {
    ...GOVPLAN,
    name: 'GovernmentPlanSerializer',
    fields: ['id', 'site_url', 'government', 'title', 'slug', 'description', 'quote', 'due_date', 'measure', 'status', 'rating', 'properties', 'updates'],
  },
  GovernmentPlanUpdateSerializer: { ...GOVPLAN, name: 'GovernmentPlanUpdateSerializer', fields: ['timestamp', 'title', 'content', 'site_url', 'url', 'status', 'rating'] },
  VenueSerializer: {
    ...FOOD,
    name: 'VenueSerializer',
    fields: [
      'ident', 'lat', 'lng', 'name', 'address', 'city', 'image', 'url', 'rating', 'review_count', 'category', 'last_status', 'last_resolution',
      'last_request', 'custom', 'requests', 'publicbody', 'makeRequestURL', 'userRequestCount', 'authority_title', 'authority_description',
      'authority_cooperative',
    ],
    optional: [
      'lat', 'lng', 'name', 'address', 'city', 'image', 'url', 'rating', 'review_count', 'category', 'last_status', 'last_resolution',
      'last_request', 'publicbody', 'makeRequestURL', 'userRequestCount', 'authority_title', 'authority_description',
    ],
  },
  VenueRequestSerializer: { ...FOOD, name: 'VenueRequestSerializer', fields: ['id', 'url', 'status', 'resolution', 'timestamp', 'documents'] },
  VenueRequestDocumentSerializer: { ...FOOD, name: 'VenueRequestDocumentSerializer', fields: ['name', 'url'] },
  CampaignProviderItemSerializer: {
    ...CAMPAIGN,
    name: 'CampaignProviderItemSerializer',
    fields: [
      'id', 'ident', 'title', 'subtitle', 'address', 'request_url', 'publicbody_name', 'description', 'foirequest', 'foirequests', 'lat',
      'lng', 'resolution', 'public', 'readable', 'context', 'categories', 'featured',
    ],
  },
  CampaignProviderRequestSerializer: {
    ...CAMPAIGN,
    name: 'CampaignProviderRequestSerializer',
    fields: ['ident', 'lat', 'lng', 'name', 'address', 'publicbody', 'publicbodies', 'makeRequestURL', 'userRequestCount', 'public'],
  },
  InformationObjectRequests: { ...CAMPAIGN, path: 'froide_campaign/providers/base.py', name: 'BaseProvider.get_foirequests_mapping (dict)', fields: ['id', 'resolution', 'public', 'readable'] },
  InformationObjectCategories: { ...CAMPAIGN, path: 'froide_campaign/providers/base.py', name: 'BaseProvider.get_default_item_data, categories (dict)', fields: ['id', 'title'] },
} satisfies Record<string, FroideSerializer>;

export type SerializerName = keyof typeof SERIALIZERS;
