/**
 * Deno's side of the Edge Function comparison (test/helpers/deno.ts starts it): reads an
 * EdgeRun as JSON on stdin, runs it with the same code as the Node side and writes one line
 * `RESULT_MARKER + JSON` on stdout, so a function's own logging cannot corrupt the answer.
 */
import { RESULT_MARKER, runEdgeCases, type EdgeRun } from './edge-cases.ts';

// Only what this file uses; tsc checks it with Node's types, Deno provides the real global.
declare const Deno: { stdin: { readable: ReadableStream<Uint8Array> }; version: { deno: string } };

const run = JSON.parse(await new Response(Deno.stdin.readable).text()) as EdgeRun;
const result = await runEdgeCases(run);
console.log(RESULT_MARKER + JSON.stringify({ deno: Deno.version.deno, ...result }));
