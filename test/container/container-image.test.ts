/**
 * The container images, built and run the way README "Run it on a home server" says, from a base
 * image made on this machine (test/setup/make-base-image.sh: Debian from its package archive, Node
 * from the npm registry), since no image registry is reachable here: `--pull=never` throughout.
 *
 * Spindle's image runs with a staging and a library volume and the login on; a folder holding a
 * real MKV is imported through the API with an API token, and the file turns up in the library on
 * the host. The fingerprint server's image answers /v1/health and one contribute → identify round.
 *
 * Needs root on Linux (debootstrap, the root image store) and buildah, podman, runc and debootstrap
 * installed (`test/setup/ensure-system-packages.sh --container`). Otherwise it skips and prints why. The first run builds
 * everything (many minutes); later runs reuse the base image and the build layers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discHash,
  distort,
  episodePayload,
  shifted,
  syntheticFingerprint,
} from '../../fingerprint-server/test/synthetic-fingerprints.ts';
import { apiClient, CLIENT_HEADERS } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import {
  filesUnder,
  freePort,
  MINUTE,
  README_COMMANDS,
  ROOT,
  sh,
  SKIP,
  step,
  timings,
  TLS_SECRET,
  waitFor,
} from './container-support.ts';

const containers: string[] = [];
const suffix = `${process.pid}-${Date.now().toString(36)}`;

beforeAll(async () => {
  if (SKIP) return;
  await step('base image (only when missing)', `bash test/setup/make-base-image.sh`);
  await step('Spindle image', README_COMMANDS.spindle.replace(' -f ', `${TLS_SECRET} -f `));
  await step('fingerprint server image', README_COMMANDS.fingerprint.replace(' -f ', `${TLS_SECRET} -f `));
}, 90 * MINUTE);

afterAll(async () => {
  for (const name of containers) await sh(`podman rm -f ${name}`);
  if (timings.length) console.log(`container image test timings: ${timings.join('; ')}`);
}, 5 * MINUTE);

describe.skipIf(SKIP !== null)(
  SKIP ? `container images (skipped: ${SKIP})` : 'container images built from a local base',
  () => {
    it('the READMEs say exactly these commands', () => {
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      const { fingerprint, ...spindle } = README_COMMANDS;
      for (const command of Object.values(spindle)) expect(readme).toContain(command);
      const serverReadme = readFileSync(join(ROOT, 'fingerprint-server', 'README.md'), 'utf8');
      for (const command of [fingerprint, README_COMMANDS.base, README_COMMANDS.conf])
        expect(serverReadme).toContain(command);
    });

    it(
      'Spindle: non-root, with the login, imports a folder from the staging volume into the library volume',
      async () => {
        const inspect = JSON.parse((await sh('podman image inspect localhost/spindle')).out)[0];
        expect(inspect.Config.User).toBe('1000:1000');
        expect(inspect.Healthcheck.Test.join(' ')).toContain('/api/health');
        expect(Object.keys(inspect.Config.Volumes).sort()).toEqual(['/config', '/library', '/staging']);
        expect(inspect.Config.Env).toEqual(expect.arrayContaining(['HOST=0.0.0.0', 'SPINDLE_DATA_DIR=/config']));

        const root = await mkdtemp(join(tmpdir(), 'spindle-container-'));
        const [config, staging, library] = ['config', 'staging', 'library'].map((d) => join(root, d)) as [
          string,
          string,
          string,
        ];
        for (const dir of [config, join(staging, 'SOME_MOVIE'), join(library, 'Movies'), join(library, 'TV')])
          await mkdir(dir, { recursive: true });
        await makeLongMkv(join(staging, 'SOME_MOVIE', 'title_t00.mkv'), 95 * 60);
        for (const path of [
          root,
          config,
          staging,
          join(staging, 'SOME_MOVIE'),
          join(staging, 'SOME_MOVIE', 'title_t00.mkv'),
          library,
          join(library, 'Movies'),
          join(library, 'TV'),
        ]) {
          await chown(path, 1000, 1000); // the image's user owns its folders, as the README says
        }

        const password = 'container test password';
        const port = await freePort();
        const name = `spindle-test-${suffix}`;
        containers.push(name);
        const started = await sh(
          `podman run -d --name ${name} -p 127.0.0.1:${port}:8000 -e SPINDLE_PASSWORD='${password}' ` +
            `-v ${config}:/config -v ${staging}:/staging -v ${library}:/library localhost/spindle`,
        );
        expect(started.code, started.out).toBe(0);
        const base = `http://127.0.0.1:${port}`;
        const logs = async () => (await sh(`podman logs ${name}`)).out;
        const health = await waitFor(
          () =>
            fetch(`${base}/api/health`).then(
              (r) => r.status,
              () => 0,
            ),
          (s) => s === 200,
          5 * MINUTE,
          'Spindle healthy',
        ).catch(async (e: Error) => {
          throw new Error(`${e.message}\n${await logs()}`);
        });
        expect(health).toBe(200);

        // The login is on (HOST=0.0.0.0): nothing without it; the password from SPINDLE_PASSWORD works.
        expect((await apiClient(base).get('/api/jobs')).status).toBe(401);
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
          body: JSON.stringify({ password }),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const token = (await apiClient(base, { cookie }).post('/api/auth/tokens', { name: 'container test' })).body
          .token as string;
        expect(token).toBeTruthy();
        const api = apiClient(base, { token });

        // The folders as the container sees them; the rest is the default pipeline (no catalog key here:
        // the movie's main feature is judged by its length alone, so the file is a feature-length one).
        const configured = await api.put('/api/config', {
          staging_path: '/staging',
          library_movies_path: '/library/Movies',
          library_tv_path: '/library/TV',
          staging_watch_enabled: false,
        });
        expect(configured.status, JSON.stringify(configured.body)).toBe(200);
        const created = await api.post('/api/staging/import', {
          staging_path: '/staging/SOME_MOVIE',
          content_type: 'movie',
          detected_title: 'Some Movie',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id as number;
        const job = await waitFor(
          () => api.get(`/api/jobs/${id}`),
          (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state),
          10 * MINUTE,
          'job ended',
        );
        expect(job.body, await logs()).toMatchObject({ state: 'completed' });
        expect(job.body.library_path).toMatch(/^\/library\/Movies\//);

        // On the host: the file is in the library volume, whole; the imported folder stays (copy mode).
        const filed = await filesUnder(join(library, 'Movies'));
        expect(filed).toHaveLength(1);
        expect(filed[0]).toMatch(/^Some Movie.*\.mkv$/);
        const source = join(staging, 'SOME_MOVIE', 'title_t00.mkv');
        expect((await stat(join(library, 'Movies', filed[0]!))).size).toBe((await stat(source)).size);
        expect(existsSync(source)).toBe(true);
        expect(existsSync(join(config, 'spindle.db'))).toBe(true);

        // The image's own health check, and a clean stop on SIGTERM.
        expect((await sh(`podman healthcheck run ${name}`)).code).toBe(0);
        expect((await sh(`podman stop -t 30 ${name}`)).code).toBe(0);
        expect((await sh(`podman inspect --format '{{.State.ExitCode}}' ${name}`)).out.trim()).toBe('0');
        await rm(root, { recursive: true, force: true });
      },
      20 * MINUTE,
    );

    it(
      'fingerprint server: /v1/health, then one contribution that identifies a re-encoded query',
      async () => {
        const port = await freePort();
        const name = `fingerprint-test-${suffix}`;
        containers.push(name);
        // One agreeing contributor is enough here, so a single contribution becomes canonical.
        const started = await sh(
          `podman run -d --name ${name} -p 127.0.0.1:${port}:8080 -e PROMOTION_RELEASES=1 -e PROMOTION_PSEUDONYMS=1 -e PROMOTION_SPREAD_SECONDS=0 localhost/spindle-fingerprint-server`,
        );
        expect(started.code, started.out).toBe(0);
        const base = `http://127.0.0.1:${port}`;
        const health = await waitFor(
          () =>
            fetch(`${base}/v1/health`).then(
              (r) => (r.ok ? r.json() : null),
              () => null,
            ),
          (b) => b !== null,
          5 * MINUTE,
          'fingerprint server healthy',
        );
        expect(health).toMatchObject({ status: 'ok', database: 'sqlite', canonical_fingerprints: 0 });

        const episode = syntheticFingerprint(100);
        const payload = await episodePayload(distort(episode, 0.03, 5), { disc_content_hash_b64: discHash(7) });
        const contributed = await fetch(`${base}/v1/contribute`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        expect(contributed.status).toBe(201);
        expect(await contributed.json()).toMatchObject({ status: 'accepted', promotion: 'promoted' });

        const { fingerprintB64 } = await encodeFingerprint(distort(shifted(episode, 120, 77), 0.04, 78));
        const identified = (await (
          await fetch(`${base}/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}`)
        ).json()) as { candidates: unknown[] };
        expect(identified.candidates[0]).toMatchObject({ catalog_id: 1399, season: 1, episode: 3 });
        expect((await sh(`podman healthcheck run ${name}`)).code).toBe(0);
      },
      10 * MINUTE,
    );
  },
);
