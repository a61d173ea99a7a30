/**
 * nochoice: a choice filter with no valid choice in this archive, so any value is a 400:
 * froide's `follower` (only yourself; nobody is logged in), and choices of things the archive
 * does not model (document tags, portals, user names). `all` is a value that means "no
 * filter" (page `portal=-`); `message: 'choice'` gives ChoiceFilter's text, which names the
 * value, instead of ModelChoiceFilter's. Nothing is indexed and nothing looked up.
 */
import { valueKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';
import type { NoChoiceParse } from './parses.ts';

export const nochoice = valueKind<NoChoiceParse, never>({
  index: () => [],
  grow: () => [],
  parse(parse, value) {
    if (value === parse.all) return null;
    return { error: parse.message === 'choice' ? FILTER_MESSAGES.invalidChoice(value) : FILTER_MESSAGES.invalidModelChoice };
  },
  lookup: async () => [],
});
