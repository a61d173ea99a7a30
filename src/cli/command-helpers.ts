/**
 * What the commands of `archive` share: printing problems, opening the media store, the PDF
 * stage's options, the preview banner's problem lines, and an error's chain of causes.
 */
import { mediaStoreSpec, pdfBudgetMs, SettingsError } from '../config.ts';
import { contentTexts } from '../content/disk.ts';
import { formatGithubAnnotation, formatProblem, problemText, problemWhere, type Problem } from '../content/problems.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { NoticeProblem } from '../serve/api/html/notice.ts';
import type { Options } from './usage.ts';

export function report(problems: Problem[], options: Options, log: Logger): void {
  const textOf = contentTexts(options.content);
  for (const problem of problems) {
    log.error(options.format === 'github' ? formatGithubAnnotation(problem, options.content) : formatProblem(problem, options.content, problem.line > 0 ? textOf(problem.file) : undefined));
  }
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  if (problems.length) log.error(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
}

/** The media store the options name, or null after saying what is missing (credentials of a Blobs store). */
export async function mediaStore(options: Options, log: Logger): Promise<MediaStore | null> {
  const { openMediaStore } = await import('../media/select.ts');
  try {
    return openMediaStore(mediaStoreSpec(options['media-store'], process.env), process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    log.error(error.message);
    return null;
  }
}

/** The PDF stage's options from the command line, or null after saying what is wrong. */
export async function pdfOptions(options: Options, log: Logger) {
  const { createProgress, parseDeriveShare } = await import('../pdf/index.ts');
  try {
    const budgetMs = pdfBudgetMs(options['pdf-budget'], process.env);
    const shard = options.shard === undefined ? undefined : parseDeriveShare(options.shard);
    return { progress: createProgress(process.stderr), ...(budgetMs !== undefined && { budgetMs }), ...(shard && { shard }) };
  } catch (error) {
    log.error((error as Error).message);
    return null;
  }
}

/** One problem for the preview's banner, where and what as the human format prints them. */
export const noticeItem = (options: Options) => (problem: Problem): NoticeProblem => ({ where: problemWhere(problem, options.content), message: problemText(problem) });

/** An error and its causes, with stacks: for failures of the program, not of content. */
export function errorChain(error: unknown): string {
  let message = '';
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    message += `${message ? '\ncaused by: ' : ''}${current instanceof Error ? (current.stack ?? current.message) : String(current)}`;
  }
  return message;
}
