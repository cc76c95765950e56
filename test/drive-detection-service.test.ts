/**
 * Two optical drives through the real service: the Linux drive detector on a fake /sys tree (with
 * blkid and eject as executables on its search path) and a disc ripper fixture whose scan waits
 * for the test. Two discs make two independent jobs; cancelling one never touches the other; only
 * the drive whose rip succeeded is ejected; inserts and removals reach WebSocket clients.
 */
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blkidExport, createFakeLinux, type FakeLinux } from '../plugins/detector-linux-drive/test/fake-linux.ts';
import { contentHashOfSizes } from './support/content-hash.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { type TestService } from './support/service-harness.ts';
import { type RecordingSocket } from './support/ws-client.ts';
import { closeServiceWithSocket, startServiceWithSocket } from './support/service-socket.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

let root: string;
let gates: string;
let linux: FakeLinux;
let svc: TestService;
let ws: RecordingSocket;
let api: ReturnType<typeof apiClient>;
let blurayHash: string;

interface JobWire {
  id: number;
  state: string;
  drive_id: string | null;
  volume_label: string;
  source_kind: string;
  content_hash: string | null;
  error_message: string | null;
}

const job = async (id: number) => (await api.get<JobWire>(`/api/jobs/${id}`)).body;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-drives-'));
  gates = join(root, 'gates');
  for (const dir of [gates, join(root, 'staging'), join(root, 'library', 'TV'), join(root, 'library', 'Movies')])
    await mkdir(dir, { recursive: true });
  linux = await createFakeLinux();
  await linux.addDrive('sr0', { model: 'BD-RE BH16NS40' });
  await linux.addDrive('sr1', { model: 'DVDRAM GH24NSD1' });
  // the disc in sr1 is mounted (a desktop auto-mounts it): the detector reads its content hash
  const mountPoint = join(root, 'media', 'DISC_B');
  await mkdir(join(mountPoint, 'BDMV', 'STREAM'), { recursive: true });
  const sizes = [25_165_824_000, 786_432];
  for (const [i, size] of sizes.entries()) {
    const handle = await open(join(mountPoint, 'BDMV', 'STREAM', `0000${i}.m2ts`), 'w');
    await handle.truncate(size);
    await handle.close();
  }
  blurayHash = contentHashOfSizes(sizes);
  await linux.setMounts([`/dev/sr1 ${mountPoint} udf ro,nosuid,nodev 0 0`]);

  ({ svc, api, ws } = await startServiceWithSocket({
    pluginPaths: [join(FIXTURES, 'third-party-plugins'), join(FIXTURES, 'drive-plugins')],
    config: {
      staging_path: join(root, 'staging'),
      library_tv_path: join(root, 'library', 'TV'),
      library_movies_path: join(root, 'library', 'Movies'),
      pipeline: {
        detectors: ['linux-drive'],
        identifiers: ['label'],
        rippers: { disc: 'gated', folder: 'folder' },
        matchers: [],
      },
      plugin_settings: {
        'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.1 }),
        'gated-disc-ripper': { gate_dir: gates },
        'label-identifier': {
          labels: {
            DISC_A: { content_type: 'movie', title: 'Disc A' },
            DISC_B: { content_type: 'movie', title: 'Disc B' },
          },
        },
      },
    },
  }));
}, 60_000);

afterAll(async () => {
  await closeServiceWithSocket({ ws, svc });
  await linux?.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('two optical drives', () => {
  it('lists both drives in the status strip', async () => {
    const status = await eventually(
      () => api.get<{ detectors: { id: string; status: string }[] }>('/api/status'),
      (r) => r.body.detectors.some((d) => d.id === 'linux-drive' && d.status.startsWith('2 drive(s)')),
      5000,
    );
    expect(status.body.detectors).toContainEqual({ id: 'linux-drive', status: '2 drive(s): sr0 empty, sr1 empty' });
  });

  it('makes two independent jobs; cancelling one never touches the other; only a successful rip ejects', async () => {
    await linux.insert('sr0', 3_000_000, blkidExport('/dev/sr0', 'DISC_A'));
    await linux.insert('sr1', 12_000_000, blkidExport('/dev/sr1', 'DISC_B'));
    const listed = await eventually(
      () => api.get<JobWire[]>('/api/jobs'),
      (r) => r.body.filter((j) => j.drive_id).length === 2,
      10_000,
    );
    const a = listed.body.find((j) => j.drive_id === '/dev/sr0')!;
    const b = listed.body.find((j) => j.drive_id === '/dev/sr1')!;
    expect(a).toMatchObject({ source_kind: 'disc', volume_label: 'DISC_A', content_hash: null });
    expect(b).toMatchObject({ source_kind: 'disc', volume_label: 'DISC_B', content_hash: blurayHash });
    await ws.waitFor(
      (m) =>
        m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'inserted' && m.volume_label === 'DISC_A',
    );
    await ws.waitFor(
      (m) =>
        m.type === 'drive_event' && m.drive_id === '/dev/sr1' && m.event === 'inserted' && m.volume_label === 'DISC_B',
    );
    await eventually(
      () => Promise.all([job(a.id), job(b.id)]),
      (jobs) => jobs.every((j) => j.state === 'identifying'),
      10_000,
    );

    const cancelled = await api.post(`/api/jobs/${a.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'failed', error_message: 'Cancelled by user' });
    await delay(300);
    expect(await job(b.id)).toMatchObject({ state: 'identifying', error_message: null });

    await writeFile(join(gates, 'sr1'), 'go'); // B's scan may finish now
    const moved = await eventually(
      () => job(b.id),
      (j) => !['idle', 'identifying', 'ripping'].includes(j.state),
      15_000,
    );
    expect(moved.state).not.toBe('failed');
    // the rip from sr1 succeeded: sr1 is ejected (the fake eject opens the tray: a removal follows)
    await eventually(
      () => linux.ejectCalls(),
      (calls) => calls.length > 0,
      5000,
    );
    expect(await linux.ejectCalls()).toEqual(['/dev/sr1']);
    await ws.waitFor((m) => m.type === 'drive_event' && m.drive_id === '/dev/sr1' && m.event === 'removed');

    // taking disc A out afterwards changes nothing about either job
    await linux.eject('sr0');
    await ws.waitFor((m) => m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'removed');
    expect(await job(a.id)).toMatchObject({ state: 'failed', error_message: 'Cancelled by user' });
    expect((await job(b.id)).state).toBe(moved.state);
    expect(await linux.ejectCalls()).toEqual(['/dev/sr1']);
  }, 45_000);
});
