/**
 * Post-rip transcoding in a real job (folder ripper, real ffmpeg, library organizer): with
 * transcoding_enabled and the ffmpeg transcoder configured, a title is re-encoded to H.265 during
 * ripping with speed on the job, the verified transcode replaces the rip (which is deleted) and is
 * what reaches the library. An injected failure (an ffmpeg that stops after 5 s) keeps the
 * original, says why on the timeline, and the job still completes with the original. Turning
 * transcoding on through the API also configures the ffmpeg transcoder, live, for the next job.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/http-client.ts';
import { importMovie, LOCAL_PIPELINE, SHORT_FEATURES } from './support/folder-import.ts';
import { mediaDuration } from './support/make-media.ts';
import { type TestService } from './support/service-harness.ts';
import { type RecordingSocket } from './support/ws-client.ts';
import { closeServiceWithSocket, startServiceWithSocket } from './support/service-socket.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let ws: RecordingSocket;
let root: string;
let staging: string;
let movies: string;

const probe = (file: string, entries: string) =>
  execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', entries, '-of', 'csv=p=0', file])
    .toString()
    .trim();

async function runMovie(folder: string, title: string) {
  const done = await importMovie(api, staging, folder, title);
  const detail = (await api.get(`/api/jobs/${done.body.id}/detail`)).body;
  return {
    job: done.body,
    detail,
    notes: (detail.timeline as { from: string; to: string; message: string }[])
      .filter((e) => e.from === e.to)
      .map((e) => e.message),
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-transcode-'));
  staging = join(root, 'staging');
  movies = join(root, 'Movies');
  await mkdir(staging);
  await mkdir(movies);
  ({ svc, api, ws } = await startServiceWithSocket({
    gateway: { progressIntervalMs: 0 },
    config: {
      staging_path: staging,
      library_movies_path: movies,
      staging_cleanup_policy: 'manual',
      transcoding_enabled: true,
      pipeline: { ...LOCAL_PIPELINE, providers: { transcoder: ['ffmpeg'] } },
      plugin_settings: {
        'transcoder-ffmpeg': { codec: 'h265', crf: 30, preset: 'ultrafast', hardware: 'off' },
        ...SHORT_FEATURES,
      },
    },
  }));
}, 60_000);

afterAll(() => closeServiceWithSocket({ ws, svc }));

describe('transcoding after the rip', () => {
  it('re-encodes the rip, reports speed while ripping, files the transcode, and keeps the person’s original', async () => {
    const { job, notes } = await runMovie('MOVIE_ONE', 'Movie One');
    expect(job.state).toBe('completed');
    expect(notes[0]).toBe('transcoding 1 title(s): H.265 CRF 30, preset ultrafast, hardware off');
    // The folder's file is the person's: it is never deleted for a transcode (a disc rip, Spindle's own, would be).
    expect(notes[1]).toMatch(
      /^title 0: transcoded with libx265 \([\d.]+ [kMG]B → [\d.]+ [kMG]B, [\d.]+x\), verified; your original is kept$/,
    );
    // Transcode progress went out while the job was still in ripping, with a speed.
    expect(
      ws.messages.some(
        (m) =>
          m.type === 'job_update' &&
          m.job_id === job.id &&
          m.state === 'ripping' &&
          /^[\d.]+x$/.test(String(m.current_speed)),
      ),
    ).toBe(true);
    // The library holds the H.265 transcode (moved: Spindle wrote it); the folder holds the original and no partial file.
    const filed = join(movies, 'Movie One', 'Movie One.mkv');
    expect(probe(filed, 'stream=codec_name')).toBe('hevc');
    expect(await readdir(join(staging, 'MOVIE_ONE'))).toEqual(['title_t00.mkv']);
    expect(probe(join(staging, 'MOVIE_ONE', 'title_t00.mkv'), 'stream=codec_name')).not.toBe('hevc');
    const titles = await svc.service.db.titles.listByJob(job.id);
    expect(titles.map((t) => [t.state, t.sourceFile, t.organizedPath])).toEqual([
      ['completed', 'title_t00.mkv', filed],
    ]);
  });

  it('keeps the original and goes on with it when the transcode fails verification', async () => {
    const bin = join(root, 'bin');
    await mkdir(bin);
    const real = execFileSync('sh', ['-c', 'command -v ffmpeg']).toString().trim();
    await writeFile(join(bin, 'ffmpeg'), `#!/bin/sh\nexec "${real}" -t 5 "$@"\n`);
    await chmod(join(bin, 'ffmpeg'), 0o755);
    await symlink(execFileSync('sh', ['-c', 'command -v ffprobe']).toString().trim(), join(bin, 'ffprobe'));
    // media_tool_path is server-level: set on the machine (like `spindle config set --local`), not through the API.
    await svc.service.config.update({ media_tool_path: join(bin, 'ffmpeg') }, { origin: 'local' });
    try {
      const { job, notes } = await runMovie('MOVIE_TWO', 'Movie Two');
      expect(job.state).toBe('completed');
      expect(notes[1]).toMatch(
        /^title 0: transcoding failed, the original rip is kept — The transcode of title_t00\.mkv failed verification: it lasts [\d.]+ s instead of 150\.\d+ s/,
      );
      const filed = join(movies, 'Movie Two', 'Movie Two.mkv');
      expect(probe(filed, 'stream=codec_name')).toBe('h264'); // the original rip
      expect(await mediaDuration(filed)).toBeGreaterThan(149);
      expect(existsSync(join(staging, 'MOVIE_TWO', 'title_t00.transcoded.mkv'))).toBe(false);
      expect((await readdir(join(staging, 'MOVIE_TWO'))).filter((n) => n.includes('partial'))).toEqual([]);
    } finally {
      await svc.service.config.update({ media_tool_path: null }, { origin: 'local' });
    }
  });

  it('turning transcoding on through the API also turns on the ffmpeg transcoder, and the next job uses it without a restart', async () => {
    const off = await api.patch('/api/config', {
      transcoding_enabled: false,
      pipeline: { providers: { transcoder: null } },
    });
    expect(off.status).toBe(200);
    expect(off.body.pipeline.providers.transcoder ?? []).toEqual([]);
    const plain = await runMovie('MOVIE_THREE', 'Movie Three');
    expect(plain.notes.some((n) => n.startsWith('transcoding'))).toBe(false);

    const on = await api.patch('/api/config', { transcoding_enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      transcoding_enabled: true,
      pipeline: { providers: { transcoder: ['ffmpeg'] } },
      restart_required: [],
    });
    const { job, notes } = await runMovie('MOVIE_FOUR', 'Movie Four');
    expect(job.state).toBe('completed');
    expect(notes[0]).toBe('transcoding 1 title(s): H.265 CRF 30, preset ultrafast, hardware off');
    expect(probe(join(movies, 'Movie Four', 'Movie Four.mkv'), 'stream=codec_name')).toBe('hevc');
  });
});
