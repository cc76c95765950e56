/** `spindle serve`: starts the service (what `npm start` runs) and stops it cleanly on SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT, UI_DIST } from '../app/app-paths.ts';
import { startService } from '../app/service-host.ts';

async function buildUiIfMissing(): Promise<void> {
  if (existsSync(join(UI_DIST, 'index.html'))) return;
  process.stderr.write('Building the web UI (first start)…\n');
  await execa(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: join(REPO_ROOT, 'ui'),
    stdio: 'inherit',
  });
}

export async function serve(flags: Set<string>): Promise<void> {
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
