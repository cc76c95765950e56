/**
 * What the container image test shares: the READMEs' build and run commands, why it cannot run on
 * this machine (if so), and the shell, port and polling helpers it drives podman and buildah with.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MINUTE = 60_000;
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
export const TLS_SECRET = existsSync(CA_BUNDLE) ? ` --secret id=npm_ca,src=${CA_BUNDLE}` : '';

/** The READMEs' commands, word for word (the test checks that README.md and fingerprint-server/README.md still say them). */
export const README_COMMANDS = {
  base: 'sudo bash test/setup/make-base-image.sh',
  conf: 'export CONTAINERS_CONF=$PWD/test/setup/containers.conf',
  spindle:
    'buildah bud --isolation chroot --format docker --layers --pull=never --build-arg BASE_IMAGE=localhost/spindle-node:24-bookworm-slim --ignorefile core/deploy/Dockerfile.dockerignore -f core/deploy/Dockerfile -t localhost/spindle .',
  fingerprint:
    'buildah bud --isolation chroot --format docker --layers --pull=never --build-arg BASE_IMAGE=localhost/spindle-node:24-bookworm-slim --ignorefile fingerprint-server/Containerfile.dockerignore -f fingerprint-server/Containerfile -t localhost/spindle-fingerprint-server .',
  tlsSecret: `--secret id=npm_ca,src=${CA_BUNDLE}`,
  run: 'podman run -d --name spindle -p 8000:8000 -e SPINDLE_PASSWORD=',
};

function whyNotHere(): string | null {
  if (process.env.SPINDLE_SKIP_CONTAINER_TEST === '1') return 'SPINDLE_SKIP_CONTAINER_TEST=1 is set';
  if (process.platform !== 'linux') return 'container images are built on Linux only';
  if (process.getuid?.() !== 0)
    return 'not running as root: the base image (debootstrap) and the root image store need root';
  const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  // Building images costs many minutes and Debian's mirror: it runs where the container tools are installed, not by surprise.
  const missing = ['buildah', 'podman', 'runc', 'debootstrap'].filter((cmd) => !have(cmd));
  if (missing.length)
    return `${missing.join(', ')} not installed; to run it: sudo bash test/setup/ensure-system-packages.sh --container`;
  return null;
}

export const SKIP = whyNotHere();
if (SKIP) console.warn(`container image test skipped: ${SKIP}`);

const ENV = { ...process.env, CONTAINERS_CONF: join(ROOT, 'test/setup/containers.conf') };
export const timings: string[] = [];

export interface Run {
  code: number | null;
  out: string;
}

/** Runs a shell command in the repository root; the output is kept for the failure message. */
export function sh(command: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

export async function step(name: string, command: string): Promise<string> {
  const started = Date.now();
  const run = await sh(command);
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (run.code !== 0) throw new Error(`${name} failed (exit ${run.code}): ${command}\n${run.out.slice(-4000)}`);
  return run.out;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Polls without a tight margin: the limit only ends a test that would otherwise hang. */
export async function waitFor<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  limitMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: not reached; last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}
