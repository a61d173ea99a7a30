/**
 * fulltext: froide's Elasticsearch `q` (docs/search.md): the query is looked up in the
 * resource's full-text index (src/api/search/), which src/output/search-index.ts writes beside the
 * filter indexes, so this kind writes no index file of its own. The reader analyzes the query
 * (src/formats/search/query.ts): the Edge Functions load the filter kinds, not the analyzer. The matches come back ordered
 * by score (highest first; equal scores in list order), over any other order of the list.
 */
import { valueKind } from './keyed.ts';
import type { FulltextParse } from './parses.ts';

export const fulltext = valueKind<FulltextParse, string>({
  index: () => [],
  grow: () => [],
  parse: (_parse, value) => ({ value }),
  async lookup(spec, value, { reader, scores, rankings }) {
    if (!reader.search) throw new Error(`filter ${spec.param}: this reader cannot search`);
    const found = await reader.search(value);
    if (rankings) rankings.push(found);
    else found.positions.forEach((position, i) => scores.set(position, found.scores[i]!));
    const positions = new Array<number>(found.positions.length);
    for (let i = 0; i < positions.length; i++) positions[i] = found.positions[i]!;
    return positions;
  },
});
