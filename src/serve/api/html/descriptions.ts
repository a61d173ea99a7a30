import type { ResourceName } from '../../../formats/resource-names.ts';
/**
 * One sentence per resource for the browsable API, where DRF shows a view's docstring.
 * OPTIONS keeps froide's empty `description` (src/serve/api/metadata.ts): these
 * sentences are for people reading the archive, not part of the API.
 */

export const RESOURCE_DESCRIPTIONS: Record<ResourceName, string> = {
  governmentplan: 'Plans of a coalition agreement and how far each has come, with their updates (froide-govplan).',
  articletag: 'Tags of the blog articles.',
  venue: 'Food inspection venues near a point and the requests about them (froide-food); needs lat and lng.',
  campaigninformationobject: 'Objects of an information campaign and their requests (froide-campaign); needs campaign=<id>.',
  request: 'Freedom-of-information requests: to whom, under which law, their status and outcome.',
  message: 'Messages of the requests: the letters sent and the answers received, with their attachments.',
  attachment: 'Files attached to messages; a PDF may have become a document.',
  publicbody: 'Public bodies the requests are addressed to.',
  category: 'Topics public bodies are filed under, as a tree.',
  classification: 'Kinds of public bodies, as a tree.',
  jurisdiction: 'Jurisdictions (federal, state, …) public bodies and laws belong to.',
  law: 'Freedom-of-information laws and which public bodies mediate under them.',
  georegion: 'Geographic regions (states, districts, municipalities) with their shapes.',
  following: 'Who follows a request; an anonymous reader follows nothing.',
  campaign: 'Campaigns the requests were made in.',
  upload: 'File uploads; needs a login.',
  problemreport: 'Reports of problems with messages; needs a login.',
  document: 'Published documents: PDFs from answers and parliamentary papers, with their pages.',
  documentcollection: 'Collections of documents, in folders.',
  page: 'Pages of the published documents with their text and images; q searches them.',
  pageannotation: 'Notes on document pages; needs document=<id>.',
};
