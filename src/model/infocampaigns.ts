/**
 * Information campaigns (okfde/froide-campaign): one file per campaign under
 * content/infocampaigns/, holding its categories and its information objects, linked to
 * public bodies and to the published requests made about them. Pure: no I/O.
 */
import type { LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import { newestFirst, type PublishedRequests } from './published-requests.ts';
import { Records } from './records.ts';
import { UniqueKeys } from './unique.ts';
import type { InfoCampaign, InfoCampaignCategory, InformationObject, PublicBody } from './types.ts';

interface Context {
  problems: Problems;
  publicBodies: Records<PublicBody>;
  requests: PublishedRequests;
}

export interface LinkedInfoCampaigns {
  /** Public campaigns. */
  campaigns: InfoCampaign[];
  /** Objects of public campaigns. */
  objects: InformationObject[];
}

export function linkInfoCampaigns(content: LoadedContent, ctx: Context): LinkedInfoCampaigns {
  const { problems } = ctx;
  const campaigns = new Records<InfoCampaign>('information campaign', problems, 'infocampaign');
  const objects = new Records<InformationObject>('information object', problems, 'infocampaign');
  const categoryIds = new UniqueKeys<number>();
  const hidden = new Set<InfoCampaign>();

  for (const { data, source } of content.infoCampaigns) {
    const categories = new Map<number, InfoCampaignCategory>();
    data.categories.forEach((category, index) => {
      categoryIds.claim(category.id, { source, path: ['categories', index, 'id'] });
      categories.set(category.id, { id: category.id, title: category.title });
    });
    const campaign: InfoCampaign = {
      id: data.id,
      source,
      title: data.title,
      slug: data.slug,
      description: data.description,
      subjectTemplate: data.subject_template,
      template: data.template,
      lawType: data.law_type,
      redirectUrl: data.redirect_url,
      categories: [...categories.values()],
    };
    // A campaign whose id is taken is not published, but its objects are still checked.
    if (!campaigns.add(campaign) || !data.public) hidden.add(campaign);

    const idents = new UniqueKeys<string>();
    data.objects.forEach((input, index) => {
      const at = (...path: (string | number)[]) => ['objects', index, ...path];
      if (!idents.claim(input.ident, { source, path: at('ident') })) return;
      if ((input.lat === null) !== (input.lng === null)) {
        problems.report(source, at(input.lat === null ? 'lat' : 'lng'), ERRORS.CoordinateMissing);
      }
      const objectCategories = input.categories.flatMap((id, i) => {
        const category = categories.get(id);
        if (!category) {
          const known = [...categories.keys()].join(', ');
          problems.report(source, at('categories', i), ERRORS.UnknownCampaignCategory, { id, known });
        }
        return category ?? [];
      });
      const requests = input.requests.flatMap((id, i) => ctx.requests.resolve(id, source, at('requests', i)) ?? []);
      objects.add(
        {
          id: input.id,
          source,
          campaign,
          ident: input.ident,
          title: input.title,
          subtitle: input.subtitle,
          address: input.address,
          lat: input.lat,
          lng: input.lng,
          publicBody: ctx.publicBodies.resolve(input.publicbody, source, at('publicbody')) ?? null,
          requests: [...new Set(requests)].sort(newestFirst),
          categories: objectCategories.sort((a, b) => a.id - b.id),
          featured: input.featured,
          ordering: input.ordering,
          context: input.context,
        },
        ['objects', index, 'id'],
      );
    });
    idents.report(problems, ERRORS.DuplicateCampaignIdent, (ident, others) => ({ ident, others }));
  }
  categoryIds.report(problems, ERRORS.DuplicateCampaignCategoryId, (id, others) => ({ id, others }));
  campaigns.reportDuplicates();
  objects.reportDuplicates();
  return {
    campaigns: campaigns.values().filter((campaign) => !hidden.has(campaign)),
    objects: objects.values().filter((object) => !hidden.has(object.campaign)),
  };
}
