/**
 * A stand-in for powershell.exe on Linux: a shell script that decodes -EncodedCommand; for the
 * watching script it prints `@@drives <state file>` every 50 ms (the test edits the state file),
 * for anything else (eject) it logs the decoded script and exits 0.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakePowershell {
  path: string;
  /** Sets what Get-CimInstance "returns" (as PowerShell prints it; compressed onto one line). */
  setDrives(json: string): Promise<void>;
  /** The watching process exits with code 3 after this many lines (to test restarts). */
  exitAfter(lines: number): Promise<void>;
  /** Decoded scripts of the short runs (eject). */
  commands(): Promise<string[]>;
  dispose(): Promise<void>;
}

export async function createFakePowershell(): Promise<FakePowershell> {
  const root = await mkdtemp(join(tmpdir(), 'fake-powershell-'));
  const path = join(root, 'powershell.exe');
  const state = join(root, 'state.json');
  const exitAfter = join(root, 'exit-after');
  const log = join(root, 'commands.log');
  await writeFile(
    path,
    [
      '#!/bin/sh',
      'for last; do :; done',
      'script=$(printf %s "$last" | base64 -d | tr -d "\\000")',
      'case "$script" in',
      '  *Win32_CDROMDrive*) ;;',
      `  *) printf '%s\\n' "$script" >> '${log}'; exit 0 ;;`,
      'esac',
      'n=0',
      'while :; do',
      `  if [ -f '${state}' ]; then printf '@@drives %s\\n' "$(cat '${state}')"; fi`,
      '  n=$((n+1))',
      `  if [ -f '${exitAfter}' ] && [ "$n" -ge "$(cat '${exitAfter}')" ]; then echo "fake powershell: told to stop" >&2; exit 3; fi`,
      '  sleep 0.05',
      'done',
      '',
    ].join('\n'),
  );
  await chmod(path, 0o755);
  return {
    path,
    setDrives: (json) => writeFile(state, JSON.stringify(JSON.parse(json.trim() === '' ? '[]' : json))),
    exitAfter: (lines) => writeFile(exitAfter, String(lines)),
    commands: () =>
      readFile(log, 'utf8').then(
        (t) => t.split('\n').filter((l) => l !== ''),
        () => [],
      ),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
