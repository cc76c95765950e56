/**
 * Puts the makemkvcon replay tool (test/fixtures/makemkv/makemkvcon-replay.mjs) behind a
 * `makemkvcon` wrapper script: a small sh script that runs it with the Node running the tests
 * (`$SPINDLE_TEST_NODE`, default process.execPath) and the scenario settings baked in. Tests set
 * `ripper_path` to it or put its folder first on PATH.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPLAY_SCRIPT = fileURLToPath(new URL('../fixtures/makemkv/makemkvcon-replay.mjs', import.meta.url));
export const REPLAY_SCENARIOS = fileURLToPath(new URL('../fixtures/makemkv/scenarios/', import.meta.url));

export interface ReplayOptions {
  /** Device → scenario name, e.g. `{ '/dev/sr0': 'tv-bluray' }`, or → a disc folder (BDMV/, VIDEO_TS/) read as it is. */
  drives?: Record<string, string>;
  secondsPerTitle?: number;
  /** `none`: no PRGV lines. */
  progress?: 'prgv' | 'none';
  license?: 'ok' | 'expired';
  hang?: 'info' | 'mkv';
}

export interface ReplayInvocation {
  pid: number;
  argv: string[];
}

export interface MakemkvReplay {
  /** The `makemkvcon` wrapper to use as ripper_path. */
  path: string;
  dir: string;
  /** Every run so far, in order. */
  invocations(): Promise<ReplayInvocation[]>;
}

const shQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export async function createMakemkvReplay(dir: string, options: ReplayOptions = {}): Promise<MakemkvReplay> {
  await mkdir(dir, { recursive: true });
  const log = join(dir, 'invocations.jsonl');
  await writeFile(log, '');
  const vars: Record<string, string> = {
    MAKEMKV_REPLAY_DRIVES: Object.entries(options.drives ?? {})
      .map(([device, scenario]) => `${device}=${scenario}`)
      .join(','),
    MAKEMKV_REPLAY_LOG: log,
    ...(options.secondsPerTitle !== undefined
      ? { MAKEMKV_REPLAY_SECONDS_PER_TITLE: String(options.secondsPerTitle) }
      : {}),
    ...(options.progress ? { MAKEMKV_REPLAY_PROGRESS: options.progress } : {}),
    ...(options.license ? { MAKEMKV_REPLAY_LICENSE: options.license } : {}),
    ...(options.hang ? { MAKEMKV_REPLAY_HANG: options.hang } : {}),
  };
  const path = join(dir, 'makemkvcon');
  const lines = [
    '#!/bin/sh',
    `: "\${SPINDLE_TEST_NODE:=${process.execPath}}"`,
    ...Object.entries(vars).map(([k, v]) => `export ${k}=${shQuote(v)}`),
    `exec "$SPINDLE_TEST_NODE" ${shQuote(REPLAY_SCRIPT)} "$@"`,
  ];
  await writeFile(path, `${lines.join('\n')}\n`);
  await chmod(path, 0o755);
  return {
    path,
    dir,
    async invocations() {
      const text = await readFile(log, 'utf8');
      return text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as ReplayInvocation);
    },
  };
}

/** The `mkv` runs among the invocations: [source, title|all, dir]. */
export function mkvRuns(
  invocations: ReplayInvocation[],
): { source: string; title: string; dir: string; minlength: string | null }[] {
  return invocations
    .filter((i) => i.argv.includes('mkv'))
    .map((i) => {
      const at = i.argv.indexOf('mkv');
      const min = i.argv.find((a) => a.startsWith('--minlength='));
      return {
        source: i.argv[at + 1]!,
        title: i.argv[at + 2]!,
        dir: i.argv[at + 3]!,
        minlength: min ? min.slice('--minlength='.length) : null,
      };
    });
}
