/** `spindle serve`: starts the service (what `npm start` runs) and stops it cleanly on SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT, UI_DIST } from '../app/app-paths.ts';
import { startService, type RunningService } from '../app/service-host.ts';

async function buildUiIfMissing(): Promise<void> {
  if (existsSync(join(UI_DIST, 'index.html'))) return;
  process.stderr.write('Building the web UI (first start)…\n');
  await execa(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: join(REPO_ROOT, 'ui'),
    stdio: 'inherit',
  });
}

/**
 * Runs the service until SIGINT/SIGTERM. POST /api/restart restarts it in place: the service is
 * closed and started again in the same process (the environment, .env, the database and the
 * configuration are read anew), so it works the same under `npm start`, systemd or a container.
 * With SPINDLE_RESTART=exit the process exits with code 75 instead, for a launcher that restarts
 * it (systemd `Restart=on-failure`, a container restart policy) and loads everything afresh.
 */
export async function serve(flags: Set<string>): Promise<void> {
  if (flags.has('--build-ui-if-missing')) await buildUiIfMissing();
  let resetPipeline = flags.has('--reset-pipeline');
  let service: RunningService | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal} received: stopping Spindle…\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await service?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  for (;;) {
    let requested!: () => void;
    const restart = new Promise<void>((resolve) => (requested = resolve));
    service = await startService({ resetPipeline, restart: () => requested() });
    resetPipeline = false;
    await restart;
    if (stopping) return;
    process.stderr.write('Restart requested: stopping Spindle…\n');
    await service.close();
    if (process.env.SPINDLE_RESTART === 'exit') process.exit(RESTART_EXIT_CODE);
    process.stderr.write('Starting Spindle again…\n');
  }
}

/** EX_TEMPFAIL: "try again"; a launcher set to restart on failure starts Spindle again. */
export const RESTART_EXIT_CODE = 75;
