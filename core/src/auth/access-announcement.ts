/**
 * What the log says at startup about who may drive Spindle: the one-time setup link when a
 * login is required and no password exists yet (Jupyter-style), and a warning when AUTH=none
 * leaves a network-reachable service without a login.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { networkInterfaces } from 'node:os';
import type { AccessControl } from './access-control.ts';

/** An address a person on the network can open: the bind address, or this machine's first LAN address for a wildcard. */
function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return host.includes(':') ? `[${host}]` : host;
  const lan = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((i) => i.family === 'IPv4' && !i.internal);
  return lan?.address ?? '127.0.0.1';
}

export function announceAccess(
  logger: Logger,
  access: AccessControl,
  where: { host: string; port: number; setupToken: string | null },
): void {
  if (access.disabledOnLan) {
    logger.warn(
      `AUTH=none: Spindle listens on ${where.host} without a login, so anyone who can reach it controls it. Use this only behind a reverse proxy that authenticates.`,
    );
  }
  if (where.setupToken) {
    const link = `http://${reachableHost(where.host)}:${where.port}/login?setup=${where.setupToken}`;
    logger.warn(
      `Spindle is reachable from the network and no password is set. Choose one at ${link} (works once; use this machine's address as you reach it), or set SPINDLE_PASSWORD and restart.`,
    );
  } else if (access.required) {
    logger.info(
      'A login is required (Spindle is reachable from the network): log in with the password, or use an API token',
    );
  }
}
