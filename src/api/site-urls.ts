/**
 * froide's public site pages (docs/froide.md#resources): the URL shapes of requests, messages,
 * attachments, documents, public bodies, jurisdictions, laws, collections, government plans and
 * the request form, as froide's serializers link them. `siteUrl` has no trailing slash.
 */
import { pythonQuote } from '../formats/python.ts';
import { encodeSegment } from '../formats/query-encoding.ts';

export const sitePages = {
  requestPage(slug: string): string {
    return `/anfrage/${slug}/`;
  },

  messagePage(siteUrl: string, requestSlug: string, messageId: number): string {
    return `${siteUrl}${sitePages.requestPage(requestSlug)}#nachricht-${messageId}`;
  },

  attachmentPage(siteUrl: string, requestSlug: string, messageId: number, name: string): string {
    return `${siteUrl}/anfrage/${requestSlug}/${messageId}/anhang/${encodeSegment(name)}`;
  },

  documentPage(siteUrl: string, id: number, slug: string): string {
    return `${siteUrl}/dokumente/${slug ? `${id}-${slug}` : id}/`;
  },

  publicBodyPage(siteUrl: string, id: number, slug: string): string {
    return `${siteUrl}/behoerde/${id}/${slug}/`;
  },

  jurisdictionPage(siteUrl: string, slug: string): string {
    return `${siteUrl}/zustaendigkeit/${slug}/`;
  },

  lawPage(siteUrl: string, slug: string): string {
    return `${siteUrl}/gesetz/${slug}/`;
  },

  collectionPage(siteUrl: string, id: number, slug: string): string {
    return `${siteUrl}/dokumente/sammlung/${slug ? `${id}-${slug}` : id}/`;
  },

  /** froide writes the collection's zip link relative to the site (`reverse()`, docs/froide.md#documentcollection). */
  collectionZip(id: number, slug: string): string {
    return `/dokumente/sammlung/${slug ? `${id}-${slug}` : id}/zip/`;
  },

  /** froide-govplan's page of a plan (docs/froide.md#governmentplan). */
  governmentPlanPage(siteUrl: string, governmentSlug: string, planSlug: string): string {
    return `${siteUrl}/koalitionstracker/${governmentSlug}/vorhaben/${planSlug}/`;
  },

  /**
   * froide's request form, prefilled (`foirequest-make_request`, /anfrage-stellen/an/<slug>/),
   * with the query in the given order, encoded as Python's `urlencode(quote_via=quote)`.
   */
  makeRequestPage(siteUrl: string, publicBodySlug: string | null, query: readonly [string, string][]): string {
    const path = publicBodySlug ? `/anfrage-stellen/an/${publicBodySlug}/` : '/anfrage-stellen/';
    const encoded = query.map(([key, value]) => `${pythonQuote(key)}=${pythonQuote(value)}`).join('&');
    return `${siteUrl}${path}?${encoded}`;
  },

  /** froide-campaign's redirect to the prefilled form of an object (relative, as froide renders it). */
  campaignRequestRedirect(campaignId: number, ident: string): string {
    return `/kampagne/request/${campaignId}/${ident}/`;
  },

  shortRequestPage(siteUrl: string, requestId: number): string {
    return `${siteUrl}/r/${requestId}`;
  },
};
