/**
 * froide's choices (docs/froide.md#choices) as plain data, free of the schema library: the content schema
 * validates against them, and the resources' filters (src/api/resources/<name>/declaration.ts), which the
 * Edge Functions import through the host routing, offer them.
 */

export const REQUEST_STATUSES = [
  'awaiting_user_confirmation',
  'publicbody_needed',
  'awaiting_publicbody_confirmation',
  'awaiting_response',
  'awaiting_classification',
  'asleep',
  'resolved',
] as const;

export const REQUEST_RESOLUTIONS = [
  '',
  'successful',
  'partially_successful',
  'not_held',
  'refused',
  'user_withdrew_costs',
  'user_withdrew',
] as const;

export const MESSAGE_KINDS = ['email', 'post', 'fax', 'upload', 'phone', 'visit', 'import'] as const;

export const LAW_RESPONSE_TIME_UNITS = ['day', 'working_day', 'month_de', ''] as const;

export const PLAN_STATUSES = ['not_started', 'started', 'partially_implemented', 'implemented', 'deferred'] as const;

export const DOCUMENT_TYPES = ['minor_interpellation', 'major_interpellation', 'interpellation', 'written'] as const;

/** froide's GeoRegion.KIND_CHOICES (okfde/froide:froide/georegion/models.py), in its order. */
export const GEOREGION_KINDS = [
  'country',
  'state',
  'admin_district',
  'district',
  'admin_cooperation',
  'municipality',
  'borough',
  'zipcode',
  'admin_court_jurisdiction',
] as const;
