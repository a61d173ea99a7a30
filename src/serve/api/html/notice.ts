/**
 * The watching preview's banner in the browsable API (docs/serving.md, "Watching content/"):
 * while the last rebuild of content/ failed, every browsable page says so above its answer,
 * naming each problem, and that the answer comes from the last good build. JSON answers never
 * carry it; the Netlify function never has a notice, so its pages are unchanged.
 */
import { escapeHtml } from './escape.ts';

/** One problem: where (`content/<file>:<line>:<column>`, or a file) and what is wrong. */
export interface NoticeProblem {
  where: string;
  message: string;
}

export interface BuildNotice {
  /** What happened, in one sentence (`The build of 12:03:04 failed: 2 errors.`). */
  summary: string;
  problems: readonly NoticeProblem[];
}

/** A page lists this many problems at most; the terminal lists them all. */
const SHOWN = 20;

export function noticeBanner(notice: BuildNotice | null | undefined): string {
  if (!notice) return '';
  const items = notice.problems.slice(0, SHOWN).map(({ where, message }) => `<li><code>${escapeHtml(where)}</code> ${escapeHtml(message)}</li>`);
  const more = notice.problems.length - SHOWN;
  if (more > 0) items.push(`<li>and ${more} more (the terminal that runs npm start lists them all)</li>`);
  return (
    `<div class="notice" role="alert"><p><b>${escapeHtml(notice.summary)}</b> ` +
    `This page shows the last good build; it is replaced once a rebuild succeeds.</p>` +
    `${items.length ? `<ul>${items.join('')}</ul>` : ''}</div>\n`
  );
}
