/**
 * Links validated content into the domain model. Pure: no I/O. Checks what only the whole
 * archive can tell (unknown ids, duplicates, cycles, impossible dates) and reports each
 * problem at the referring file and key.
 */
import { DEFAULTS } from '../config.ts';
import type { LoadedContent } from '../content/load.ts';
import type { Problems } from '../content/problems.ts';
import { freezeModel } from './freeze.ts';
import { linkGeoRegions, treePositions } from './georegions.ts';
import { linkAnnotations, linkCollections } from './collections.ts';
import { linkArticleTags, linkGovernmentPlans } from './plans.ts';
import { linkVenues } from './food.ts';
import { linkInfoCampaigns } from './infocampaigns.ts';
import { PublishedRequests } from './published-requests.ts';
import { linkTree, Records } from './records.ts';
import { linkRequests } from './link-requests.ts';
import { formatDateTime, parseTimestamp } from './time.ts';
import type { Archive, Campaign, Category, Classification, Jurisdiction, Law, PublicBody } from './types.ts';

interface ModelOptions {
  timeZone: string;
  /** Site `updated_at`: the default `last_modified_at` of reference records. */
  defaultUpdatedAt: string;
}

/** Links loaded content into the archive's model in the build's time zone, as every build and check does; frozen when `freeze` (CheckOptions.freeze). */
export function linkContent(content: LoadedContent, problems: Problems, freeze: boolean): Archive {
  const archive = linkArchive(content, { timeZone: DEFAULTS.timeZone, defaultUpdatedAt: content.site?.updated_at ?? '1970-01-01T00:00:00Z' }, problems);
  // Later stages read the model and return new facts; freezing makes a write throw where it happens.
  return freeze ? freezeModel(archive) : archive;
}

function linkArchive(content: LoadedContent, options: ModelOptions, problems: Problems): Archive {
  const fallbackModified = parseTimestamp(options.defaultUpdatedAt);
  const modified = (value: string | undefined) => (value ? parseTimestamp(value) : fallbackModified);
  // froide's law `last_modified_at` is a date (docs/froide.md#law): the site's date of updated_at.
  const fallbackModifiedDate = formatDateTime(fallbackModified, options.timeZone).slice(0, 10);

  const georegions = linkGeoRegions(content, problems);

  const jurisdictions = new Records<Jurisdiction>('jurisdiction', problems);
  for (const { data, source } of content.jurisdictions) {
    jurisdictions.add({
      id: data.id,
      source,
      name: data.name,
      slug: data.slug,
      rank: data.rank,
      description: data.description,
      lastModifiedAt: modified(data.last_modified_at),
      region: georegions.resolve(data.region, source, ['region']) ?? null,
    });
  }

  const duplicateParents: (() => void)[] = [];
  const classifications = new Records<Classification>('classification', problems);
  const classificationParents = new Map<Classification, number | null>();
  for (const { data, source } of content.classifications) {
    const node: Classification = { id: data.id, source, name: data.name, slug: data.slug, parent: null, children: [], depth: 0 };
    if (classifications.add(node)) classificationParents.set(node, data.parent);
    else duplicateParents.push(() => classifications.resolve(data.parent, source, ['parent']));
  }
  linkTree(classifications.values(), classificationParents, classifications, problems);

  const categories = new Records<Category>('category', problems);
  const categoryParents = new Map<Category, number | null>();
  for (const { data, source } of content.categories) {
    const node: Category = { id: data.id, source, name: data.name, slug: data.slug, isTopic: data.is_topic, parent: null, children: [], depth: 0 };
    if (categories.add(node)) categoryParents.set(node, data.parent);
    else duplicateParents.push(() => categories.resolve(data.parent, source, ['parent']));
  }
  linkTree(categories.values(), categoryParents, categories, problems);
  // A record whose id is taken is not linked, but its parent reference is still checked (once all ids are known).
  for (const check of duplicateParents) check();

  const campaigns = new Records<Campaign>('campaign', problems);
  const hiddenCampaigns = new Set<number>();
  for (const { data, source } of content.campaigns) {
    const campaign: Campaign = {
      id: data.id,
      source,
      name: data.name,
      slug: data.slug,
      url: data.url,
      description: data.description,
      startDate: data.start_date ? parseTimestamp(data.start_date) : null,
      active: data.active,
    };
    if (campaigns.add(campaign) && !data.public) hiddenCampaigns.add(data.id);
  }

  // Laws and public bodies refer to each other (mediator, laws): create both, then link.
  const publicBodies = new Records<PublicBody>('public body', problems, 'publicbody');
  const laws = new Records<Law>('law', problems);
  const placeholderJurisdiction = undefined as unknown as Jurisdiction;

  for (const { data, source } of content.publicBodies) {
    publicBodies.add({
      id: data.id,
      source,
      name: data.name,
      slug: data.slug,
      otherNames: data.other_names,
      description: data.description,
      url: data.url,
      parent: null,
      children: [],
      root: undefined as unknown as PublicBody,
      depth: 0,
      classification: classifications.resolve(data.classification, source, ['classification']) ?? null,
      categories: data.categories.flatMap((id, index) => categories.resolve(id, source, ['categories', index]) ?? []),
      email: data.email,
      contact: data.contact,
      address: data.address,
      fax: data.fax,
      requestNote: data.request_note,
      jurisdiction: jurisdictions.resolve(data.jurisdiction, source, ['jurisdiction']) ?? placeholderJurisdiction,
      laws: [],
      sourceReference: data.source_reference,
      alternativeEmails: data.alternative_emails,
      wikidataItem: data.wikidata_item,
      extraData: data.extra_data,
      geo: data.geo,
      lastModifiedAt: modified(data.last_modified_at),
      numberOfRequests: 0,
      regions: data.regions.flatMap((id, index) => georegions.resolve(id, source, ['regions', index]) ?? []),
    });
  }

  for (const { data, source } of content.laws) {
    laws.add({
      id: data.id,
      source,
      name: data.name,
      slug: data.slug,
      description: data.description,
      longDescription: data.long_description,
      lawType: data.law_type,
      created: data.created,
      requestNote: data.request_note,
      meta: data.meta,
      jurisdiction: jurisdictions.resolve(data.jurisdiction, source, ['jurisdiction']) ?? placeholderJurisdiction,
      emailOnly: data.email_only,
      mediator: publicBodies.resolve(data.mediator, source, ['mediator']) ?? null,
      priority: data.priority,
      url: data.url,
      maxResponseTime: data.max_response_time,
      maxResponseTimeUnit: data.max_response_time_unit,
      requiresSignature: data.requires_signature,
      letterStart: data.letter_start,
      letterEnd: data.letter_end,
      lastModifiedAt: data.last_modified_at ?? fallbackModifiedDate,
      refusalReasons: data.refusal_reasons,
      legalText: data.legal_text,
      combined: [],
    });
  }
  for (const { data, source } of content.laws) {
    const combined = data.combined.flatMap((id, index) => laws.resolve(id, source, ['combined', index]) ?? []);
    const law = laws.get(data.id);
    // A law whose id is taken has its references checked, but is not linked.
    if (law?.source === source) law.combined = combined;
  }

  const bodyParents = new Map<PublicBody, number | null>();
  for (const { data, source } of content.publicBodies) {
    const bodyLaws = data.laws.flatMap((id, index) => laws.resolve(id, source, ['laws', index]) ?? []);
    const body = publicBodies.get(data.id);
    if (body?.source === source) {
      body.laws = bodyLaws;
      bodyParents.set(body, data.parent);
    } else {
      publicBodies.resolve(data.parent, source, ['parent']); // a duplicate's reference is still checked
    }
  }
  linkTree(publicBodies.values(), bodyParents, publicBodies, problems);
  // froide lists a body's regions in the regions' tree order, whatever order they were added in.
  const regionOrder = treePositions(georegions.values());
  for (const body of publicBodies.values()) body.regions.sort((a, b) => regionOrder.get(a)! - regionOrder.get(b)!);
  for (const body of publicBodies.values()) {
    let root = body;
    while (root.parent) root = root.parent;
    body.root = root;
  }

  const { requests, messages, attachments, documents, withheld, importedByFile, declaredDocuments } = linkRequests(content, {
    problems,
    publicBodies,
    jurisdictions,
    laws,
    campaigns,
    hiddenCampaigns,
    timeZone: options.timeZone,
    fallbackModified,
  });

  for (const request of requests) {
    if (request.publicBody) request.publicBody.numberOfRequests++;
  }
  for (const registry of [jurisdictions, classifications, categories, campaigns, publicBodies, laws]) registry.reportDuplicates();

  const published = new PublishedRequests(requests, content.requests.map((request) => request.data.id), problems, problems.invalidKinds.has('request'));
  const infoCampaigns = linkInfoCampaigns(content, { problems, publicBodies, requests: published });

  return {
    timeZone: options.timeZone,
    jurisdictions: jurisdictions.values(),
    laws: laws.values(),
    classifications: classifications.values(),
    categories: categories.values(),
    campaigns: campaigns.values().filter((campaign) => !hiddenCampaigns.has(campaign.id)),
    articleTags: linkArticleTags(content, problems),
    governmentPlans: linkGovernmentPlans(content, problems),
    publicBodies: publicBodies.values(),
    requests,
    messages,
    attachments,
    documents,
    georegions: georegions.values(),
    venues: linkVenues(content, { problems, publicBodies, requests: published }),
    informationObjects: infoCampaigns.objects,
    infoCampaigns: infoCampaigns.campaigns,
    collections: linkCollections(content, documents, declaredDocuments, problems),
    annotations: linkAnnotations(content, importedByFile, documents, problems),
    withheld,
  };
}
