/**
 * The starter for every stage and provider kind, in TypeScript and in JavaScript, with only the
 * packed SDK installed: every plugin type-checks (checkJs for JavaScript) and passes its own tests.
 * Also `spindle plugin new` from the service's CLI and its argument errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { STARTER_KINDS } from '@spindle/plugin-sdk/starter';
import { newPlugin, packSdk, projectWithSdk, run, type StarterPlugin } from './support/starter-plugins.ts';

const LONG = 900_000;
const idOf = (kind: string, js: boolean) => `${js ? 'js' : 'ts'}-${kind.replaceAll('_', '-')}`;

let project: string;
const made: StarterPlugin[] = [];

beforeAll(async () => {
  project = await projectWithSdk(await packSdk());
  for (const js of [false, true])
    for (const kind of STARTER_KINDS) made.push(newPlugin(project, kind, idOf(kind, js), js));
}, LONG);

describe('the starter for every kind', () => {
  it('covers all six stage kinds and all nine provider kinds', () => {
    expect([...STARTER_KINDS].sort()).toEqual([
      'ai',
      'catalog',
      'contributor',
      'detector',
      'disc_lookup',
      'fingerprinter',
      'identifier',
      'library_refresher',
      'matcher',
      'notifier',
      'organizer',
      'ripper',
      'subtitles',
      'transcoder',
      'transcriber',
    ]);
  });

  for (const js of [false, true]) {
    it(
      `every ${js ? 'JavaScript' : 'TypeScript'} plugin type-checks and passes its own tests`,
      async () => {
        const plugins = made.filter((p) => p.js === js);
        // One tsc run over all of them, with the options the starter wrote (same for every kind).
        const config = join(project, `tsconfig.${js ? 'js' : 'ts'}.json`);
        await writeFile(
          config,
          JSON.stringify({
            extends: `./${plugins[0]!.id}/tsconfig.json`,
            include: plugins.flatMap((p) => [`${p.id}/src`, `${p.id}/test`]),
          }),
        );
        const check = run(
          process.execPath,
          [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config],
          project,
          { allowFailure: true },
        );
        expect(check.stdout + check.stderr).toBe('');
        expect(check.status).toBe(0);
        const tests = plugins.map((p) => join(p.dir, 'test', `index.test.${js ? 'js' : 'ts'}`));
        const result = run(process.execPath, ['--test', ...tests], project, { allowFailure: true });
        expect(result.stdout, result.stderr).toMatch(/ℹ fail 0/);
        expect(result.stdout).toMatch(new RegExp(`ℹ pass (\\d+)`));
        expect(Number(/ℹ pass (\d+)/.exec(result.stdout)![1])).toBeGreaterThanOrEqual(plugins.length * 2);
        expect(result.status).toBe(0);
      },
      LONG,
    );
  }
});

describe('spindle plugin new (the service CLI)', () => {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const main = fileURLToPath(new URL('../core/src/cli/main.ts', import.meta.url));
  const spindle = (args: string[], cwd: string) =>
    spawnSync(process.execPath, [tsx, main, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });

  it(
    'writes a plugin folder and refuses bad arguments with usage errors',
    async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'spindle-cli-starter-'));
      const ok = spindle(['plugin', 'new', 'matcher', 'runtime-guess', '--js'], cwd);
      expect(ok.stdout).toContain('Wrote stage matcher plugin "runtime-guess"');
      expect(ok.status).toBe(0);
      expect((await readdir(join(cwd, 'spindle-plugin-runtime-guess'))).sort()).toEqual([
        'README.md',
        'package.json',
        'src',
        'test',
        'tsconfig.json',
      ]);
      const again = spindle(['plugin', 'new', 'matcher', 'runtime-guess'], cwd);
      expect(again.stderr).toContain('already exists');
      expect(again.status).toBe(1);
      const badKind = spindle(['plugin', 'new', 'teleporter', 'x'], cwd);
      expect(badKind.stderr).toContain('Unknown kind "teleporter". Choose one of: detector, identifier');
      const badId = spindle(['plugin', 'new', 'ai', 'Not_OK'], cwd);
      expect(badId.stderr).toContain('Plugin id "Not_OK" must be lowercase letters, digits and dashes');
      const usage = spindle(['plugin', 'new', 'ai'], cwd);
      expect(usage.stderr).toContain('Usage: new <kind> <id> [--js] [--dir <folder>]');
      expect(usage.status).toBe(64);
    },
    LONG,
  );
});
