#!/usr/bin/env node
/**
 * The `spindle` command. `spindle serve` starts the service (what `npm start` runs) and stops it
 * cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT, UI_DIST } from '../app/app-paths.ts';
import { startService } from '../app/service-host.ts';

const USAGE = `Usage: spindle <command> [options]

Commands:
  serve                 Start the service (UI and API on http://127.0.0.1:8000 by default)
      --reset-pipeline  Put the built-in stage pipeline back before loading plugins
      --build-ui-if-missing  Build the web UI first when ui/dist is missing
  help                  Show this text

Environment: HOST, PORT, DEBUG, DATABASE_URL, SPINDLE_DATA_DIR, SPINDLE_PLUGINS_DIR,
FINGERPRINT_SERVER_URL (also read from a .env file in the current folder).`;

async function buildUiIfMissing(): Promise<void> {
  if (existsSync(join(UI_DIST, 'index.html'))) return;
  process.stderr.write('Building the web UI (first start)…\n');
  await execa(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: join(REPO_ROOT, 'ui'),
    stdio: 'inherit',
  });
}

async function serve(flags: Set<string>): Promise<void> {
  if (flags.has('--build-ui-if-missing')) await buildUiIfMissing();
  const service = await startService({ resetPipeline: flags.has('--reset-pipeline') });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal} received: stopping Spindle…\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function main(argv: string[]): Promise<void> {
  const [command = 'help', ...rest] = argv;
  const flags = new Set(rest);
  switch (command) {
    case 'serve':
      return serve(flags);
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE + '\n');
      return;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
