#!/usr/bin/env node
/**
 * The `spindle` command. `spindle serve` starts the service (what `npm start` runs) and stops it
 * cleanly on SIGINT/SIGTERM. The other commands are clients of a running service over its API
 * (and WebSocket); each lives in its own file and is loaded only when asked for, so a client
 * command does not load the service.
 */
import type { CliIO } from './cli-io.ts';
import { CliError, EXIT, type ExitCode } from './exit-codes.ts';
import { errorMessage } from '@spindle/plugin-sdk';

const USAGE = `Usage: spindle <command> [options]

Commands:
  serve                 Start the service (UI and API on http://127.0.0.1:8000 by default)
      --reset-pipeline  Put the built-in stage pipeline back before loading plugins
      --build-ui-if-missing  Build the web UI first when ui/dist is missing
  import <folder>       Create a job from a folder of MKV files
      --title TITLE --season N --type tv|movie --label LABEL   say what it is (wins over identification)
      --watch           then follow it like "spindle watch"
      --mode copy|move  copy (default): your folder stays whole (hardlinks where the library is on
                        the same file system); move: the files leave the folder for the library
  retry <job-id>        Run a failed or completed job again, keeping its id and decisions
      --from identifying|matching   re-identify or re-match (also for a job in review)
  jobs                  List the active jobs (--json for JSON)
  watch <job-id>        Follow a job's progress live until it ends
                        (exit code 0 completed, 1 failed, 2 review needed)
  config get [field]    Show the configuration, or one field (dotted paths: pipeline.providers)
  config set <field> <value>   Change a field (value as JSON, else as text)
      --local           write into this machine's database instead (server-level settings:
                        ripper_path, media_tool_path, plugins_path, …); then restart Spindle
  plugin new <kind> <id>   Write a new plugin folder (manifest, code, a test using the kit, README)
      --js              JavaScript (type-checked with checkJs) instead of TypeScript
      --dir FOLDER      where to write it (default ./spindle-plugin-<id>)
  install-service       Write a systemd unit (spindle.service) that runs Spindle
      --user | --system  a user service (default) or a system service (as root)
      --dir DIR         write it into DIR instead of the systemd folder
  help                  Show this text

Client commands talk to a running service at --url, else SPINDLE_URL, else the one whose run file
(spindle.run.json) is in the data folder, else http://HOST:PORT from the environment or .env, else
http://127.0.0.1:8000. A service that requires a login (not bound to
loopback) needs an API token from Settings: --token TOKEN, or SPINDLE_TOKEN. Exit codes: 3 the service refused the request,
64 wrong arguments, 69 no service answers at the URL, 70 the service failed, 73 a file could not be written.

Environment: HOST, PORT, DEBUG, DATABASE_URL, SPINDLE_DATA_DIR, SPINDLE_PLUGINS_DIR,
FINGERPRINT_SERVER_URL, ALLOWED_HOSTS, AUTH, SPINDLE_PASSWORD, RIPPER_PATH, MEDIA_TOOL_PATH, IMPORT_ROOTS,
ALLOW_LINK_LOCAL_REQUESTS (also read from a .env file in the current folder), SPINDLE_URL, SPINDLE_TOKEN.`;

type ClientCommand = (argv: string[], io: CliIO) => Promise<ExitCode>;

const CLIENT_COMMANDS: Record<string, () => Promise<ClientCommand>> = {
  import: async () => (await import('./import-command.ts')).importCommand,
  jobs: async () => (await import('./jobs-command.ts')).jobsCommand,
  retry: async () => (await import('./retry-command.ts')).retryCommand,
  watch: async () => (await import('./watch-command.ts')).watchCommand,
  config: async () => (await import('./config-command.ts')).configCommand,
  'install-service': async () => (await import('./install-service-command.ts')).installServiceCommand,
};

/** Ends the process with the code once output is written (an idle keep-alive socket must not hold it open). */
function exitWith(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 200).unref();
}

async function main(argv: string[]): Promise<void> {
  const [command = 'help', ...rest] = argv;
  if (command === 'serve') {
    const { serve } = await import('./serve-command.ts');
    return serve(new Set(rest));
  }
  if (command === 'plugin') {
    // Works offline, without a service: the starter lives in the SDK (also `npx spindle-plugin new`).
    const { runStarterCli } = await import('@spindle/plugin-sdk/starter');
    const code = await runStarterCli(
      rest,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
    return exitWith(code === 2 ? EXIT.USAGE : code);
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const load = CLIENT_COMMANDS[command];
  if (!load) {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
    return exitWith(EXIT.USAGE);
  }
  const { processIO } = await import('./cli-io.ts');
  try {
    exitWith(await (await load())(rest, processIO()));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`${error.message}\n`);
    exitWith(error.exitCode);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exit(1);
});
