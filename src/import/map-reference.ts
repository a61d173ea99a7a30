/**
 * froide's answers for the small tables and public bodies -> content records (the keys of
 * src/content/schema.ts). What a field is in froide: docs/import.md, "What is carried over".
 */
import { bool, dateOf, dateTimeOf, idOf, idOrNull, idsOf, numberOf, object, pointOf, textOf, textOrNull, type Json } from './values.ts';

export function jurisdictionRecord(answer: unknown): Json {
  const a = object(answer, 'jurisdiction');
  return {
    id: idOf(a.id, 'jurisdiction.id'),
    name: textOf(a.name, 'name'),
    slug: textOf(a.slug, 'slug'),
    rank: numberOf(a.rank, 'rank'),
    description: textOf(a.description, 'description'),
    last_modified_at: dateTimeOf(a.last_modified_at, 'last_modified_at') ?? undefined,
    region: idOrNull(a.region, 'region'),
  };
}

export function lawRecord(answer: unknown): Json {
  const a = object(answer, 'law');
  const reasons = textOf(a.refusal_reasons, 'refusal_reasons');
  return {
    id: idOf(a.id, 'law.id'),
    name: textOf(a.name, 'name'),
    slug: textOf(a.slug, 'slug'),
    description: textOf(a.description, 'description'),
    long_description: textOf(a.long_description, 'long_description'),
    law_type: textOf(a.law_type, 'law_type'),
    created: dateOf(a.created, 'created'),
    request_note: textOf(a.request_note, 'request_note'),
    meta: bool(a.meta, false),
    jurisdiction: idOf(a.jurisdiction, 'jurisdiction'),
    email_only: bool(a.email_only, false),
    mediator: idOrNull(a.mediator, 'mediator'),
    priority: numberOf(a.priority, 'priority'),
    url: textOf(a.url, 'url'),
    max_response_time: numberOf(a.max_response_time, 'max_response_time') ?? null,
    max_response_time_unit: textOrNull(a.max_response_time_unit, 'max_response_time_unit') ?? undefined,
    requires_signature: bool(a.requires_signature, false),
    letter_start: textOf(a.letter_start, 'letter_start'),
    letter_end: textOf(a.letter_end, 'letter_end'),
    last_modified_at: dateOf(a.last_modified_at, 'last_modified_at') ?? undefined,
    // froide joins the reasons with newlines (FoiLaw.get_refusal_reason_choices reads them per line).
    refusal_reasons: reasons === '' ? [] : reasons.split('\n'),
    legal_text: textOf(a.legal_text, 'legal_text'),
    combined: idsOf(a.combined, 'combined'),
  };
}

export function classificationRecord(answer: unknown): Json {
  const a = object(answer, 'classification');
  return { id: idOf(a.id, 'id'), name: textOf(a.name, 'name'), slug: textOf(a.slug, 'slug'), parent: idOrNull(a.parent, 'parent') };
}

export function categoryRecord(answer: unknown): Json {
  const a = object(answer, 'category');
  return { ...classificationRecord(a), is_topic: bool(a.is_topic, false) };
}

export function campaignRecord(answer: unknown): Json {
  const a = object(answer, 'campaign');
  return {
    id: idOf(a.id, 'id'),
    name: textOf(a.name, 'name'),
    slug: textOf(a.slug, 'slug'),
    url: textOf(a.url, 'url'),
    description: textOf(a.description, 'description'),
    start_date: dateTimeOf(a.start_date, 'start_date'),
    active: bool(a.active, true),
  };
}

export function articleTagRecord(answer: unknown): Json {
  const a = object(answer, 'articletag');
  return { id: idOf(a.id, 'id'), name: textOf(a.name, 'name'), slug: textOf(a.slug, 'slug') };
}

/** `other_names` is one string, the names joined with ", " (froide's PublicBody.other_names). */
function otherNames(value: unknown): string[] {
  const joined = textOf(value, 'other_names');
  return joined === '' ? [] : joined.split(', ');
}

export function publicBodyRecord(answer: unknown): Json {
  const a = object(answer, 'publicbody');
  const classification = a.classification === null || a.classification === undefined ? null : idOf(a.classification, 'classification');
  return {
    id: idOf(a.id, 'id'),
    name: textOf(a.name, 'name'),
    slug: textOf(a.slug, 'slug'),
    other_names: otherNames(a.other_names),
    description: textOf(a.description, 'description'),
    url: textOrNull(a.url, 'url'),
    parent: idOrNull(a.parent, 'parent'),
    classification,
    categories: idsOf(a.categories, 'categories'),
    email: textOf(a.email, 'email'),
    contact: textOf(a.contact, 'contact'),
    address: textOf(a.address, 'address'),
    fax: textOf(a.fax, 'fax'),
    request_note: textOf(a.request_note, 'request_note'),
    jurisdiction: idOf(a.jurisdiction, 'jurisdiction'),
    laws: idsOf(a.laws, 'laws'),
    source_reference: textOf(a.source_reference, 'source_reference'),
    alternative_emails: a.alternative_emails && typeof a.alternative_emails === 'object' ? a.alternative_emails : {},
    wikidata_item: textOf(a.wikidata_item, 'wikidata_item'),
    extra_data: a.extra_data && typeof a.extra_data === 'object' ? a.extra_data : {},
    geo: pointOf(a.geo, 'geo'),
    last_modified_at: dateTimeOf(a.last_modified_at, 'last_modified_at') ?? undefined,
    regions: idsOf(a.regions, 'regions'),
  };
}

/** A georegion's detail (with `geom`); the geometry goes into its own file when large (importer's choice). */
export function georegionRecord(answer: unknown): Json {
  const a = object(answer, 'georegion');
  return {
    id: idOf(a.id, 'id'),
    name: textOf(a.name, 'name'),
    slug: textOf(a.slug, 'slug'),
    kind: textOf(a.kind, 'kind'),
    kind_detail: textOf(a.kind_detail, 'kind_detail'),
    level: numberOf(a.level, 'level'),
    region_identifier: textOf(a.region_identifier, 'region_identifier'),
    global_identifier: textOf(a.global_identifier, 'global_identifier'),
    population: numberOf(a.population, 'population') ?? null,
    valid_on: dateTimeOf(a.valid_on, 'valid_on'),
    part_of: idOrNull(a.part_of, 'part_of'),
    gov_seat: pointOf(a.gov_seat, 'gov_seat'),
    geom: a.geom ?? undefined,
    area: numberOf(a.area, 'area'),
    centroid: pointOf(a.centroid, 'centroid') ?? undefined,
  };
}
