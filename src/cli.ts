#!/usr/bin/env -S npx tsx
/**
 * archive build | derive | check | serve | start | prune | schemas | import | init
 *
 * Exit codes: 0 success, 1 content problems or a failed build, 2 wrong usage. The commands are
 * in src/cli/, one module per group.
 */
import { build, check, derive } from './cli/build-commands.ts';
import { errorChain } from './cli/command-helpers.ts';
import { serve, start } from './cli/preview-commands.ts';
import { prune, schemas } from './cli/upkeep-commands.ts';
import { parseCommandLine, USAGE } from './cli/usage.ts';
import { streamLogger, type Logger } from './log.ts';
import { boundHeapGrowth } from './lib/heap.ts';

export async function main(argv: string[], log: Logger = streamLogger()): Promise<number> {
  if (argv[0] === 'import') return (await import('./import/command.ts')).importCommand(argv.slice(1), log);
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    log.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, args, options } = parsed;
  if (options.help || !command) {
    log.info(USAGE);
    return command || options.help ? 0 : 2;
  }
  if (options.format !== 'human' && options.format !== 'github') {
    log.error(`--format must be human or github, not "${options.format}"`);
    return 2;
  }
  switch (command) {
    case 'check':
      return check(options, log);
    case 'build':
      return build(options, log);
    case 'derive':
      return derive(options, log);
    case 'serve':
      return serve(options, log);
    case 'start':
      return start(options, log);
    case 'prune':
      return prune(options, log);
    case 'schemas':
      return schemas(options, log);
    case 'init':
      return (await import('./cli/init-command.ts')).init(args[0], options, log);
    default:
      log.error(`unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  // A process of its own: its heap may follow what it holds (lib/heap.ts).
  boundHeapGrowth();
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Anything that is not a content problem is a bug or an environment failure: print the chain once.
      process.stderr.write(`archive: ${errorChain(error)}\n`);
      process.exitCode = 1;
    },
  );
}
