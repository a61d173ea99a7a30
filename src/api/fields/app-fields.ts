/**
 * Field tables of froide-food venues, froide-campaign information objects and following (docs/froide.md#following, docs/froide.md#venue, docs/froide.md#campaigninformationobject), in the key order of src/api/resources/venue/serializer.ts,
 * campaigninformationobject/serializer.ts and src/serve/api/views/following.ts.
 */
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../content/choices.ts';
import { arrayOf, boolean, dateTime, enumOf, type FieldTable, freeObject, integer, link, number, ref, relative, selfLink, string, uri } from '../field-types.ts';

/** The keys of both venue shapes before the detail's additions (venue.ts `venueFields`). */
const VENUE_FIELDS = {
  resource_uri: selfLink('venue'),
  ident: string.describe('`<provider>:<id>`.'),
  lat: number,
  lng: number,
  name: string,
  address: string,
  city: string.maybe(),
  image: string.maybe(),
  url: string.maybe(),
  rating: number.maybe(),
  review_count: integer.maybe(),
  category: string.maybe(),
  last_status: enumOf(REQUEST_STATUSES).maybe(),
  last_resolution: enumOf(REQUEST_RESOLUTIONS).maybe(),
  last_request: dateTime.nullable().maybe(),
  custom: boolean,
  requests: arrayOf(ref('VenueRequest')),
} satisfies FieldTable;

const VENUE = { ...VENUE_FIELDS, authority_cooperative: boolean } satisfies FieldTable;

const VENUE_DETAIL = {
  ...VENUE_FIELDS,
  publicbody: ref('PublicBody').maybe(),
  makeRequestURL: uri.maybe(),
  userRequestCount: integer.maybe(),
  authority_title: string.maybe(),
  authority_description: string.maybe(),
  authority_cooperative: boolean,
} satisfies FieldTable;

const VENUE_REQUEST = {
  id: integer,
  url: relative,
  status: enumOf(REQUEST_STATUSES),
  resolution: enumOf(REQUEST_RESOLUTIONS),
  timestamp: dateTime.nullable(),
  documents: arrayOf(ref('VenueDocument')).describe('Empty in lists.'),
} satisfies FieldTable;

const VENUE_DOCUMENT = { name: string, url: uri } satisfies FieldTable;

const INFORMATION_OBJECT = {
  resource_uri: link('campaigninformationobject').describe("The object's own API URL (`/api/v1/campaigninformationobject/<ident>/?campaign=<id>`)."),
  id: integer,
  ident: string,
  title: string,
  subtitle: string,
  address: string,
  request_url: relative,
  publicbody_name: string.nullable(),
  description: string.describe('HTML.'),
  foirequest: integer.nullable().describe('Id of the newest request.'),
  foirequests: arrayOf(ref('InformationObjectRequest')),
  lat: number.nullable(),
  lng: number.nullable(),
  resolution: enumOf(['normal', 'pending', 'successful', 'refused', 'user_withdrew']),
  public: boolean,
  readable: boolean,
  context: freeObject,
  categories: arrayOf(ref('InformationObjectCategory')),
  featured: boolean,
} satisfies FieldTable;

const INFORMATION_OBJECT_DETAIL = {
  resource_uri: INFORMATION_OBJECT.resource_uri,
  ident: string,
  lat: number.nullable(),
  lng: number.nullable(),
  address: string,
  publicbody: ref('PublicBody').nullable(),
  publicbodies: arrayOf(ref('PublicBody')),
  makeRequestURL: uri,
  userRequestCount: integer,
  public: boolean,
} satisfies FieldTable;

const INFORMATION_OBJECT_REQUEST = { id: integer, resolution: enumOf(REQUEST_RESOLUTIONS), public: boolean, readable: boolean } satisfies FieldTable;

const INFORMATION_OBJECT_CATEGORY = { id: integer, title: string } satisfies FieldTable;

/** An anonymous caller's follow facts for `following/?request=<ids>` (docs/froide.md#following); the plain list is empty. */
const FOI_REQUEST_FOLLOW = {
  request: link('request'),
  request_url: uri,
  follow_count: integer,
  follows: boolean.nullable(),
  can_follow: boolean.nullable(),
} satisfies FieldTable;

export const APP_OBJECTS = {
  Venue: VENUE,
  VenueDetail: VENUE_DETAIL,
  VenueRequest: VENUE_REQUEST,
  VenueDocument: VENUE_DOCUMENT,
  VenueSearch: { results: arrayOf(ref('Venue')).describe('Nearest first, at most 100.'), error: boolean.describe('True when the place could not be found.') },
  VenueResult: { result: ref('VenueDetail').nullable(), error: boolean.describe('True for an unknown venue (status 200).') },
  InformationObject: INFORMATION_OBJECT,
  InformationObjectDetail: INFORMATION_OBJECT_DETAIL,
  InformationObjectRequest: INFORMATION_OBJECT_REQUEST,
  InformationObjectCategory: INFORMATION_OBJECT_CATEGORY,
  FoiRequestFollow: FOI_REQUEST_FOLLOW,
} satisfies Record<string, FieldTable>;
