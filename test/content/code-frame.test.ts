import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/content/code-frame.ts';
import { formatProblem, type Problem } from '../../src/content/problems.ts';

const TEXT = 'id: 1\nslug: x\ntitle: Akten\n';

describe('code frame', () => {
  it.each([
    [2, 7, ['      1 | id: 1', '    > 2 | slug: x', '        |       ^', '      3 | title: Akten']],
    [1, 1, ['    > 1 | id: 1', '        | ^', '      2 | slug: x']],
    // The file ends with a newline: the empty last line is shown without trailing blanks.
    [4, 1, ['      3 | title: Akten', '    > 4 |', '        | ^']],
  ])('line %i, column %i', (line, column, expected) => {
    expect(codeFrame(TEXT, line, column).split('\n')).toEqual(expected);
  });

  it('widens the gutter for the largest line number shown and keeps tabs under the caret', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n').replace('line 9', 'x\t: line 9');
    expect(codeFrame(text, 9, 4).split('\n')).toEqual(['       8 | line 8', '    >  9 | x\t: line 9', '         |  \t ^', '      10 | line 10']);
  });

  it('reads CRLF files as lines', () => {
    expect(codeFrame('a: 1\r\nb: 2\r\n', 2, 4).split('\n')).toEqual(['      1 | a: 1', '    > 2 | b: 2', '        |    ^', '      3 |']);
  });

  it('is empty for a line the text does not have', () => {
    expect(codeFrame(TEXT, 9, 1)).toBe('');
    expect(codeFrame(TEXT, 0, 0)).toBe('');
  });

  it('follows the problem lines, unchanged, in the human format; a whole-file problem has none', () => {
    const problem: Problem = { severity: 'error', file: 'a.yaml', line: 2, column: 7, path: 'slug', message: 'is wrong', hint: 'fix it' };
    expect(formatProblem(problem, 'content', TEXT)).toBe(`error content/a.yaml:2:7 slug: is wrong\n    -> fix it\n${codeFrame(TEXT, 2, 7)}`);
    expect(formatProblem(problem, 'content')).toBe('error content/a.yaml:2:7 slug: is wrong\n    -> fix it');
    expect(formatProblem({ ...problem, line: 0, column: 0, path: '' }, 'content', TEXT)).toBe('error content/a.yaml is wrong\n    -> fix it');
  });
});
