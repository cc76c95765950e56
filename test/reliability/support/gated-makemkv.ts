/**
 * A `makemkvcon` (the replay stand-in, test/fixtures/makemkv) whose behaviour the test changes
 * between runs through files beside it, without touching the service's configuration:
 * `pace` (seconds per title), `hang` (`info` or `mkv`), `exit` (a rip prints "Failed to open disc"
 * and exits with this status), `crash` (a rip dies of SIGABRT without a word), `truncate` (ripped files are cut to this many bytes after the rip).
 */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPLAY_SCRIPT } from '../../support/makemkv-replay.ts';

const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface GatedMakemkv {
  path: string;
  dir: string;
  set(gate: 'pace' | 'hang' | 'exit' | 'crash' | 'truncate', value: string | number | null): Promise<void>;
  invocations(): Promise<{ pid: number; argv: string[] }[]>;
}

export async function createGatedMakemkv(dir: string, drives: Record<string, string>): Promise<GatedMakemkv> {
  await mkdir(dir, { recursive: true });
  const log = join(dir, 'invocations.jsonl');
  await writeFile(log, '');
  const gate = (name: string) => q(join(dir, name));
  const script = [
    '#!/bin/sh',
    `export MAKEMKV_REPLAY_DRIVES=${q(
      Object.entries(drives)
        .map(([d, s]) => `${d}=${s}`)
        .join(','),
    )}`,
    `export MAKEMKV_REPLAY_LOG=${q(log)}`,
    `[ -f ${gate('pace')} ] && export MAKEMKV_REPLAY_SECONDS_PER_TITLE="$(cat ${gate('pace')})"`,
    `[ -f ${gate('hang')} ] && export MAKEMKV_REPLAY_HANG="$(cat ${gate('hang')})"`,
    'is_mkv=0; for a in "$@"; do [ "$a" = mkv ] && is_mkv=1; done',
    `if [ -f ${gate('exit')} ] && [ $is_mkv = 1 ]; then`,
    `  echo "{\\"pid\\":$$,\\"argv\\":[\\"exit\\"]}" >> ${q(log)}`,
    '  echo \'MSG:5010,0,0,"Failed to open disc","Failed to open disc"\'',
    "  echo 'TCOUNT:0'",
    `  exit "$(cat ${gate('exit')})"`,
    'fi',
    `if [ -f ${gate('crash')} ] && [ $is_mkv = 1 ]; then echo 'PRGT:3100,0,"Opening disc"'; kill -ABRT $$; fi`,
    `if [ -f ${gate('truncate')} ] && [ $is_mkv = 1 ]; then`,
    `  "${process.execPath}" ${q(REPLAY_SCRIPT)} "$@"; status=$?`,
    '  for last; do :; done',
    `  for f in "$last"/*.mkv; do [ -f "$f" ] && truncate -s "$(cat ${gate('truncate')})" "$f"; done`,
    '  exit $status',
    'fi',
    `exec "${process.execPath}" ${q(REPLAY_SCRIPT)} "$@"`,
  ];
  const path = join(dir, 'makemkvcon');
  await writeFile(path, `${script.join('\n')}\n`);
  await chmod(path, 0o755);
  return {
    path,
    dir,
    async set(name, value) {
      if (value === null) await rm(join(dir, name), { force: true });
      else await writeFile(join(dir, name), String(value));
    },
    async invocations() {
      return (await readFile(log, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { pid: number; argv: string[] });
    },
  };
}
