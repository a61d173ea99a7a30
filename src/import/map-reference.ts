/**
 * froide's answers for the small tables and public bodies -> content records (the keys of
 * src/content/schema.ts). What a field is in froide: docs/import.md, "What is carried over".
 */
import { bool, date, dateTime, idOf, idOrNull, ids, number, object, point, text, textOrNull, type Json } from './values.ts';

export function jurisdiction(answer: unknown): Json {
  const a = object(answer, 'jurisdiction');
  return {
    id: idOf(a.id, 'jurisdiction.id'),
    name: text(a.name, 'name'),
    slug: text(a.slug, 'slug'),
    rank: number(a.rank, 'rank'),
    description: text(a.description, 'description'),
    last_modified_at: dateTime(a.last_modified_at, 'last_modified_at') ?? undefined,
    region: idOrNull(a.region, 'region'),
  };
}

export function law(answer: unknown): Json {
  const a = object(answer, 'law');
  const reasons = text(a.refusal_reasons, 'refusal_reasons');
  return {
    id: idOf(a.id, 'law.id'),
    name: text(a.name, 'name'),
    slug: text(a.slug, 'slug'),
    description: text(a.description, 'description'),
    long_description: text(a.long_description, 'long_description'),
    law_type: text(a.law_type, 'law_type'),
    created: date(a.created, 'created'),
    request_note: text(a.request_note, 'request_note'),
    meta: bool(a.meta, false),
    jurisdiction: idOf(a.jurisdiction, 'jurisdiction'),
    email_only: bool(a.email_only, false),
    mediator: idOrNull(a.mediator, 'mediator'),
    priority: number(a.priority, 'priority'),
    url: text(a.url, 'url'),
    max_response_time: number(a.max_response_time, 'max_response_time') ?? null,
    max_response_time_unit: textOrNull(a.max_response_time_unit, 'max_response_time_unit') ?? undefined,
    requires_signature: bool(a.requires_signature, false),
    letter_start: text(a.letter_start, 'letter_start'),
    letter_end: text(a.letter_end, 'letter_end'),
    last_modified_at: date(a.last_modified_at, 'last_modified_at') ?? undefined,
    // froide joins the reasons with newlines (FoiLaw.get_refusal_reason_choices reads them per line).
    refusal_reasons: reasons === '' ? [] : reasons.split('\n'),
    legal_text: text(a.legal_text, 'legal_text'),
    combined: ids(a.combined, 'combined'),
  };
}

export function classification(answer: unknown): Json {
  const a = object(answer, 'classification');
  return { id: idOf(a.id, 'id'), name: text(a.name, 'name'), slug: text(a.slug, 'slug'), parent: idOrNull(a.parent, 'parent') };
}

export function category(answer: unknown): Json {
  const a = object(answer, 'category');
  return { ...classification(a), is_topic: bool(a.is_topic, false) };
}

export function campaign(answer: unknown): Json {
  const a = object(answer, 'campaign');
  return {
    id: idOf(a.id, 'id'),
    name: text(a.name, 'name'),
    slug: text(a.slug, 'slug'),
    url: text(a.url, 'url'),
    description: text(a.description, 'description'),
    start_date: dateTime(a.start_date, 'start_date'),
    active: bool(a.active, true),
  };
}

export function articleTag(answer: unknown): Json {
  const a = object(answer, 'articletag');
  return { id: idOf(a.id, 'id'), name: text(a.name, 'name'), slug: text(a.slug, 'slug') };
}

/** `other_names` is one string, the names joined with ", " (froide's PublicBody.other_names). */
function otherNames(value: unknown): string[] {
  const joined = text(value, 'other_names');
  return joined === '' ? [] : joined.split(', ');
}

export function publicBody(answer: unknown): Json {
  const a = object(answer, 'publicbody');
  const classification = a.classification === null || a.classification === undefined ? null : idOf(a.classification, 'classification');
  return {
    id: idOf(a.id, 'id'),
    name: text(a.name, 'name'),
    slug: text(a.slug, 'slug'),
    other_names: otherNames(a.other_names),
    description: text(a.description, 'description'),
    url: textOrNull(a.url, 'url'),
    parent: idOrNull(a.parent, 'parent'),
    classification,
    categories: ids(a.categories, 'categories'),
    email: text(a.email, 'email'),
    contact: text(a.contact, 'contact'),
    address: text(a.address, 'address'),
    fax: text(a.fax, 'fax'),
    request_note: text(a.request_note, 'request_note'),
    jurisdiction: idOf(a.jurisdiction, 'jurisdiction'),
    laws: ids(a.laws, 'laws'),
    source_reference: text(a.source_reference, 'source_reference'),
    alternative_emails: a.alternative_emails && typeof a.alternative_emails === 'object' ? a.alternative_emails : {},
    wikidata_item: text(a.wikidata_item, 'wikidata_item'),
    extra_data: a.extra_data && typeof a.extra_data === 'object' ? a.extra_data : {},
    geo: point(a.geo, 'geo'),
    last_modified_at: dateTime(a.last_modified_at, 'last_modified_at') ?? undefined,
    regions: ids(a.regions, 'regions'),
  };
}

/** A georegion's detail (with `geom`); the geometry goes into its own file when large (importer's choice). */
export function georegion(answer: unknown): Json {
  const a = object(answer, 'georegion');
  return {
    id: idOf(a.id, 'id'),
    name: text(a.name, 'name'),
    slug: text(a.slug, 'slug'),
    kind: text(a.kind, 'kind'),
    kind_detail: text(a.kind_detail, 'kind_detail'),
    level: number(a.level, 'level'),
    region_identifier: text(a.region_identifier, 'region_identifier'),
    global_identifier: text(a.global_identifier, 'global_identifier'),
    population: number(a.population, 'population') ?? null,
    valid_on: dateTime(a.valid_on, 'valid_on'),
    part_of: idOrNull(a.part_of, 'part_of'),
    gov_seat: point(a.gov_seat, 'gov_seat'),
    geom: a.geom ?? undefined,
    area: number(a.area, 'area'),
    centroid: point(a.centroid, 'centroid') ?? undefined,
  };
}
