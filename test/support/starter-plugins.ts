/**
 * Builds the plugin SDK as a third party gets it and makes plugins with its starter, outside the
 * workspace: `npm pack` of the built SDK → an empty temp project that installs only that tarball
 * (and TypeScript) → `spindle-plugin new` from the installed package. The project folder can then
 * be given to a service as its plugins_path (the starter's plugins sit directly in it).
 *
 * npm installs the tarball's dependencies (@types/node, zstd-codec) and TypeScript from npm's
 * cache (`--prefer-offline`): after `npm ci` of this repository they are there, so nothing is
 * fetched; on a machine without them npm falls back to the registry.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SDK = fileURLToPath(new URL('../../plugin-sdk', import.meta.url));
const TYPESCRIPT_VERSION = (await import('typescript')).default.version;

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (generous limit: npm under load is slow), failing loudly with its output. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  options: { allowFailure?: boolean } = {},
): CommandResult {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
  const out = { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  if (!options.allowFailure && out.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${String(out.status)}${result.error ? ` (${result.error.message})` : ''}\n${out.stdout}\n${out.stderr}`,
    );
  }
  return out;
}

/** Builds the SDK into a temp folder and packs it; returns the tarball's path. */
export async function packSdk(): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'spindle-sdk-pack-'));
  const built = join(work, 'package');
  run(process.execPath, [join(SDK, 'scripts', 'build-package.mjs'), built], SDK);
  run('npm', ['pack', built, '--pack-destination', work], work);
  const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${work}`);
  return join(work, tarball);
}

/** An empty project (no Spindle package but the SDK tarball) with the SDK and TypeScript installed. */
export async function projectWithSdk(tarball: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'spindle-sdk-project-'));
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'plugin-author', private: true, type: 'module' }, null, 2)}\n`,
  );
  run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `typescript@${TYPESCRIPT_VERSION}`],
    project,
  );
  return project;
}

export interface StarterPlugin {
  id: string;
  kind: string;
  js: boolean;
  dir: string;
}

/** `spindle-plugin new <kind> <id> [--js] --dir <id>` with the installed SDK's own command. */
export function newPlugin(project: string, kind: string, id: string, js: boolean): StarterPlugin {
  const cli = join(project, 'node_modules', '@spindle', 'plugin-sdk', 'starter', 'cli.js');
  run(process.execPath, [cli, 'new', kind, id, ...(js ? ['--js'] : []), '--dir', id], project);
  return { id, kind, js, dir: join(project, id) };
}

/** `tsc -p tsconfig.json` of the plugin, with the project's TypeScript. */
export function typeCheck(project: string, plugin: StarterPlugin): CommandResult {
  return run(
    process.execPath,
    [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(plugin.dir, 'tsconfig.json')],
    plugin.dir,
    { allowFailure: true },
  );
}

/** The plugin's own tests (`node --test`), as `npm test` runs them. */
export function runPluginTests(plugin: StarterPlugin): CommandResult {
  return run(process.execPath, ['--test', `test/index.test.${plugin.js ? 'js' : 'ts'}`], plugin.dir, {
    allowFailure: true,
  });
}
