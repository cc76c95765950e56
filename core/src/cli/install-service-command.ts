/**
 * `spindle install-service [--user|--system]`: writes the systemd unit that runs this installation
 * (`spindle.service`) and says how to start it. The user variant goes to
 * `$XDG_CONFIG_HOME/systemd/user` (or `~/.config/systemd/user`), the system variant to
 * `/etc/systemd/system`; `--dir` or SPINDLE_SERVICE_DIR writes into another folder instead (to look
 * at it first, or for packaging). Nothing is started or enabled: the command prints the lines for that.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../app/app-paths.ts';
import { resolveDataDir } from '../config/data-dir.ts';
import { parseArgs } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { CliError, EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { renderServiceUnit, type UnitScope } from './service-unit.ts';
import { errorMessage } from '@spindle/plugin-sdk';

const HELP = `Usage: spindle install-service [--user | --system] [--dir DIR] [--data-dir DIR] [--run-as USER]

Writes spindle.service, a systemd unit that runs this installation with this Node
(${process.execPath}).
  --user        a user service (the default): ~/.config/systemd/user/spindle.service,
                data in your data folder; start it with systemctl --user
  --system      a system service: /etc/systemd/system/spindle.service (needs root), data in
                /var/lib/spindle, runs as --run-as USER (default: the user who ran sudo, else "spindle")
  --dir DIR     write the unit into DIR instead (also: SPINDLE_SERVICE_DIR)
  --data-dir DIR  the data folder the service uses (default as above, or SPINDLE_DATA_DIR)`;

function targetDir(scope: UnitScope, io: CliIO, given: string | undefined): string {
  const chosen = given ?? io.env.SPINDLE_SERVICE_DIR;
  if (chosen) return path.resolve(io.cwd, chosen);
  if (scope === 'system') return '/etc/systemd/system';
  const xdg = io.env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.config'), 'systemd', 'user');
}

export async function installServiceCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, { options: ['dir', 'data-dir', 'run-as'], flags: ['user', 'system'] });
  if (args.flags.has('help')) {
    io.out(HELP + '\n');
    return EXIT.OK;
  }
  if (args.positionals.length > 0) throw usageError(`install-service takes no arguments, got "${args.positionals[0]}"`);
  if (args.flags.has('user') && args.flags.has('system')) throw usageError('Choose one of --user and --system');
  if (process.platform !== 'linux' && !args.options.dir && !io.env.SPINDLE_SERVICE_DIR) {
    throw new CliError(EXIT.USAGE, 'systemd units are for Linux; on this system use --dir to only write the file');
  }
  const scope: UnitScope = args.flags.has('system') ? 'system' : 'user';
  const runAs =
    args.options['run-as'] ?? (io.env.SUDO_USER && io.env.SUDO_USER !== 'root' ? io.env.SUDO_USER : 'spindle');
  if (!/^[a-z_][a-z0-9_.-]*\$?$/i.test(runAs)) throw usageError(`--run-as must be a user name, got "${runAs}"`);
  const dataDir = args.options['data-dir']
    ? path.resolve(io.cwd, args.options['data-dir'])
    : scope === 'system'
      ? '/var/lib/spindle'
      : resolveDataDir({ platform: process.platform, env: io.env, homedir: os.homedir(), cwd: io.cwd });
  let unit: string;
  try {
    unit = renderServiceUnit({
      scope,
      nodePath: process.execPath,
      repoRoot: path.resolve(REPO_ROOT),
      dataDir,
      user: runAs,
    });
  } catch (error) {
    throw usageError(errorMessage(error));
  }
  const dir = targetDir(scope, io, args.options.dir);
  const file = path.join(dir, 'spindle.service');
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(file, unit, { mode: 0o644 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      code === 'EACCES' || code === 'EPERM'
        ? scope === 'system'
          ? ' (a system service needs root: run it with sudo)'
          : ' (no permission)'
        : '';
    throw new CliError(EXIT.CANT_CREATE, `Could not write ${file}: ${code ?? String(error)}${hint}`);
  }
  const ctl = scope === 'system' ? 'sudo systemctl' : 'systemctl --user';
  io.out(`Wrote ${file}\n`);
  if (args.options.dir || io.env.SPINDLE_SERVICE_DIR) {
    io.out(`Copy it to ${scope === 'system' ? '/etc/systemd/system' : '~/.config/systemd/user'} to use it.\n`);
  }
  io.out(
    `Start it now and at every ${scope === 'system' ? 'boot' : 'login'}:\n  ${ctl} daemon-reload\n  ${ctl} enable --now spindle\n`,
  );
  if (scope === 'user')
    io.out(`To start it at boot without logging in: loginctl enable-linger ${os.userInfo().username}\n`);
  io.out(
    `Its log: ${scope === 'system' ? 'journalctl -u spindle' : 'journalctl --user -u spindle'} -f   Settings: ${path.join(REPO_ROOT, '.env')}\n`,
  );
  return EXIT.OK;
}
