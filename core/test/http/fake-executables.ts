/** Fake command-line tools for tests: `#!/bin/sh` scripts that print recorded output. */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Single-quotes `text` for sh. */
const shQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export async function fakeExecutable(
  dir: string,
  name: string,
  output: string,
  options: { exitCode?: number; mode?: number; script?: string } = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, name);
  const body = options.script ?? `printf '%s\\n' ${shQuote(output)}\nexit ${options.exitCode ?? 0}\n`;
  await writeFile(file, `#!/bin/sh\n${body}`);
  await chmod(file, options.mode ?? 0o755);
  return file;
}

/** What makemkvcon 1.17.7 prints for `-r --cache=1 info disc:9999` on a working installation. */
export const MAKEMKV_OK = [
  'MSG:1005,0,1,"MakeMKV v1.17.7 linux(x64-release) started","%1 started","MakeMKV v1.17.7 linux(x64-release)"',
  'DRV:0,256,999,0,"","",""',
  'MSG:5010,0,0,"Failed to open disc","Failed to open disc"',
  'TCOUNT:0',
].join('\n');

/** The same with an expired evaluation period. */
export const MAKEMKV_EXPIRED = [
  'MSG:1005,0,1,"MakeMKV v1.17.7 linux(x64-release) started","%1 started","MakeMKV v1.17.7 linux(x64-release)"',
  'MSG:5052,516,0,"Evaluation period has expired. Please purchase an activation key.","Evaluation period has expired. Please purchase an activation key."',
  'MSG:5010,0,0,"Failed to open disc","Failed to open disc"',
].join('\n');

/** A beta build past its 60-day limit. */
export const MAKEMKV_TOO_OLD = [
  'MSG:1005,0,1,"MakeMKV v1.18.3 linux(x64-release) started","%1 started","MakeMKV v1.18.3 linux(x64-release)"',
  'MSG:5021,260,1,"This application version is too old.  Please download the latest version at http://www.makemkv.com/ or enter a registration key to continue using the current version.","%1","http://www.makemkv.com/"',
].join('\n');

/** A syntactically valid beta key (T- and 66 key characters). */
export const BETA_KEY = 'T-' + 'aB3@_x'.repeat(11);
