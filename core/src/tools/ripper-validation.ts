/**
 * Validates a MakeMKV installation: the file is executable, `makemkvcon -r --cache=1 info
 * disc:9999` starts and prints its version, and no message says the license or the build has
 * expired. Never throws: every problem is `valid:false` with a message.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import {
  makemkvLicense,
  makemkvSettingsFile,
  makemkvVersion,
  settingsHaveKey,
  type RipperLicense,
} from './makemkv-output.ts';
import { executableProblem } from './tool-locations.ts';
import { DEFAULT_TOOL_TIMEOUT_MS, runTool } from './tool-runner.ts';

export interface RipperValidation {
  valid: boolean;
  path: string | null;
  version: string | null;
  license: RipperLicense;
  message: string;
}

export interface RipperCheckOptions {
  /** A key is configured in Spindle (ripper_key). */
  keyConfigured?: boolean;
  homeDir?: string;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

/** `info disc:9999` asks for a drive that never exists: MakeMKV starts, prints its banner and license messages, and stops. */
export const RIPPER_PROBE_ARGS = ['-r', '--cache=1', 'info', 'disc:9999'] as const;

export interface RipperProbe {
  version: string | null;
  license: RipperLicense;
  /** Why the ripper cannot be used (not runnable, not MakeMKV, expired), or null. */
  problem: string | null;
}

async function keyInstalledInMakemkv(homeDir: string, platform: NodeJS.Platform): Promise<boolean> {
  const file = makemkvSettingsFile(homeDir, platform);
  if (file === null) return false;
  const text = await readFile(file, 'utf8').catch(() => '');
  return settingsHaveKey(text);
}

/** Runs makemkvcon once and reads version and license (used by validation and detection). */
export async function probeRipper(file: string, options: RipperCheckOptions = {}): Promise<RipperProbe> {
  const platform = options.platform ?? process.platform;
  const notRunnable = await executableProblem(file, platform);
  if (notRunnable) return { version: null, license: 'unknown', problem: notRunnable };
  const run = await runTool(file, RIPPER_PROBE_ARGS, options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
  const output = `${run.stdout}\n${run.stderr}`;
  const version = makemkvVersion(output);
  if (version === null) {
    const problem = run.problem ?? `${file} did not report a MakeMKV version; is it makemkvcon?`;
    return { version: null, license: 'unknown', problem };
  }
  const keyInstalled =
    options.keyConfigured === true || (await keyInstalledInMakemkv(options.homeDir ?? os.homedir(), platform));
  const { license, problem } = makemkvLicense(output, keyInstalled);
  return { version, license, problem };
}

export async function validateRipper(file: string | null, options: RipperCheckOptions = {}): Promise<RipperValidation> {
  if (file === null) {
    return {
      valid: false,
      path: null,
      version: null,
      license: 'unknown',
      message: 'MakeMKV (makemkvcon) was not found; install it or set ripper_path to the makemkvcon executable',
    };
  }
  const probe = await probeRipper(file, options);
  if (probe.version === null)
    return {
      valid: false,
      path: file,
      version: null,
      license: 'unknown',
      message: probe.problem ?? 'MakeMKV could not be run',
    };
  if (probe.problem !== null) {
    const advice =
      probe.license === 'expired'
        ? 'install the latest MakeMKV or enter a current registration key (ripper_key)'
        : 'check the registration key (ripper_key)';
    return {
      valid: false,
      path: file,
      version: probe.version,
      license: probe.license,
      message: `MakeMKV ${probe.version} cannot rip: ${probe.problem} — ${advice}`,
    };
  }
  return {
    valid: true,
    path: file,
    version: probe.version,
    license: probe.license,
    message: `MakeMKV ${probe.version} is ready (license: ${probe.license})`,
  };
}
