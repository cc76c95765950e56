/** Argument handling of `spindle plugin new` / `spindle-plugin new`. */
import { STARTER_KINDS, writeStarter } from './write-starter.ts';
import { errorMessage } from '../errors.ts';

export const STARTER_USAGE = `Usage: new <kind> <id> [--js] [--dir <folder>]
  kind: ${STARTER_KINDS.join(', ')}
  id:   lowercase letters, digits and dashes (e.g. notifier-file)
  --js  JavaScript (type-checked with checkJs) instead of TypeScript
  --dir folder to create (default ./spindle-plugin-<id>)`;

/** Runs `new <kind> <id> …`; returns the exit code and writes to the given streams. */
export async function runStarterCli(
  args: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
  cwd = process.cwd(),
): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'new') {
    err(STARTER_USAGE);
    return 2;
  }
  const positional: string[] = [];
  let js = false;
  let dir: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--js') js = true;
    else if (arg === '--dir') dir = rest[++i];
    else if (arg.startsWith('--dir=')) dir = arg.slice('--dir='.length);
    else if (arg.startsWith('-')) {
      err(`Unknown option ${arg}\n${STARTER_USAGE}`);
      return 2;
    } else positional.push(arg);
  }
  const [kind, id] = positional;
  if (!kind || !id || positional.length > 2 || (rest.includes('--dir') && !dir)) {
    err(STARTER_USAGE);
    return 2;
  }
  try {
    const result = await writeStarter({ kind, id, js, ...(dir ? { dir } : {}), cwd });
    out(`Wrote ${result.group} ${kind} plugin "${id}" in ${result.dir}:`);
    for (const file of result.files) out(`  ${file}`);
    out('Next: npm install, then npm test and npm run check in that folder.');
    return 0;
  } catch (error) {
    err(errorMessage(error));
    return 1;
  }
}
