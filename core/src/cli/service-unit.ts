/**
 * The systemd unit that runs Spindle as a service (`spindle install-service`). Pure: every path
 * comes in, so the text is the same on any machine for the same inputs.
 *
 * Two variants: a user service (`systemctl --user`, runs as the person who installed it, starts at
 * login or at boot with lingering) and a system service (runs as a named user, data in
 * /var/lib/spindle through StateDirectory, optical drives through the cdrom group).
 */
import path from 'node:path';

export type UnitScope = 'user' | 'system';

export interface ServiceUnitInput {
  scope: UnitScope;
  /** Absolute path of the Node binary that runs the service. */
  nodePath: string;
  /** The installation's root folder (the repository): working directory and `.env` location. */
  repoRoot: string;
  /** Absolute data directory (SPINDLE_DATA_DIR). */
  dataDir: string;
  /** System variant: the account the service runs as. */
  user?: string;
}

/**
 * The command the unit runs, in this one place: `core/bin/spindle.js serve`, the compiled
 * JavaScript in one Node process, as `npm start` runs it (the first start compiles dist/ when the
 * sources are newer).
 */
export function serveCommandLine(nodePath: string, repoRoot: string): string[] {
  return [
    nodePath,
    '--max-semi-space-size=4',
    path.join(repoRoot, 'core', 'bin', 'spindle.js'),
    'serve',
    '--build-ui-if-missing',
  ];
}

/** Quotes one word for a systemd command line or Environment= assignment when it needs it. */
export function systemdQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `"${word.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function renderServiceUnit(input: ServiceUnitInput): string {
  for (const [name, value] of [
    ['node path', input.nodePath],
    ['installation folder', input.repoRoot],
    ['data folder', input.dataDir],
  ] as const) {
    if (!path.posix.isAbsolute(value)) throw new Error(`The ${name} must be an absolute path, got "${value}"`);
    if (/[\n\r%$]/.test(value))
      throw new Error(`The ${name} "${value}" holds a character a systemd unit cannot carry (newline, % or $)`);
  }
  const system = input.scope === 'system';
  const lines = [
    '# Written by `spindle install-service`; run it again to rewrite this file.',
    '[Unit]',
    'Description=Spindle: archives optical discs into a media library',
    ...(/^[^\s"']+$/.test(input.repoRoot)
      ? [`Documentation=file://${path.posix.join(input.repoRoot, 'README.md')}`]
      : []),
    'After=network-online.target',
    'Wants=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    ...(system ? [`User=${input.user ?? 'spindle'}`, 'SupplementaryGroups=cdrom', 'StateDirectory=spindle'] : []),
    `WorkingDirectory=${systemdQuote(input.repoRoot)}`,
    // Further settings (HOST, PORT, SPINDLE_PASSWORD, …) go into the .env file of the working folder.
    `Environment=${systemdQuote(`SPINDLE_DATA_DIR=${input.dataDir}`)}`,
    'Environment=NODE_ENV=production',
    `ExecStart=${serveCommandLine(input.nodePath, input.repoRoot).map(systemdQuote).join(' ')}`,
    // `serve` stops cleanly on SIGTERM within 10 s.
    'KillSignal=SIGTERM',
    'TimeoutStopSec=30',
    'Restart=on-failure',
    'RestartSec=5',
    'NoNewPrivileges=yes',
    '',
    '[Install]',
    `WantedBy=${system ? 'multi-user.target' : 'default.target'}`,
    '',
  ];
  return lines.join('\n');
}
