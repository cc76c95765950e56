/**
 * npm run bench:transcode — encode speed of the ffmpeg transcoder plugin with the software
 * encoder, on a generated 2-minute 1080p24 title (moving test picture with a little film grain,
 * two audio tracks, subtitles, chapters — a rip's shape). Runs the plugin as the pipeline does
 * (progress, verification) at its default quality: H.265 CRF 22 and H.264 CRF 22, preset medium.
 * Prints speed (× realtime), frames per second, wall time and output size.
 * BENCH_SECONDS, BENCH_CODECS (e.g. "h265"), BENCH_PRESET and BENCH_CRF change the run.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transcoder } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest } from '@spindle/plugin-sdk/testing';
import plugin from '../../plugins/transcoder-ffmpeg/src/index.ts';
import { makeTestTitle } from '../../plugins/transcoder-ffmpeg/test/make-test-title.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CODECS = (process.env.BENCH_CODECS ?? 'h265,h264').split(',').map((c) => c.trim()) as ('h265' | 'h264')[];
const PRESET = process.env.BENCH_PRESET ?? 'medium';
const CRF = Number(process.env.BENCH_CRF ?? 22);
const FPS = 24;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

const work = await mkdtemp(join(tmpdir(), 'spindle-bench-transcode-'));
try {
  console.log(
    `bench:transcode — ${SECONDS} s 1080p${FPS} title, software encoder, preset ${PRESET}, CRF ${CRF}, ${cpus().length} CPU(s)`,
  );
  const made = Date.now();
  const input = await makeTestTitle(work, 'title_t00', SECONDS, '1920x1080', 3);
  console.log(
    `  source: ${mb((await stat(input)).size)} MB H.264 made in ${((Date.now() - made) / 1000).toFixed(1)} s`,
  );
  for (const codec of CODECS) {
    const setup = await createFakeSetup({
      manifest: readManifest(new URL('../../plugins/transcoder-ffmpeg/package.json', import.meta.url)),
      settings: { codec, crf: CRF, preset: PRESET, hardware: 'off' },
    });
    const transcoder = (await plugin.definition.providers!.transcoder!.ffmpeg!(setup)) as Transcoder;
    let lastShown = -1;
    const started = Date.now();
    const result = await transcoder.transcode({
      input,
      output: join(work, `title_t00.${codec}.mkv`),
      signal: new AbortController().signal,
      onProgress: (u) => {
        const tenth = Math.floor(u.fraction * 10);
        if (tenth <= lastShown || !process.stderr.isTTY) return;
        lastShown = tenth;
        process.stderr.write(
          `\r  ${codec}: ${(u.fraction * 100).toFixed(0)}%  ${u.speed?.toFixed(2) ?? '?'}x  ETA ${u.etaSeconds?.toFixed(0) ?? '?'} s   `,
        );
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
    const wall = (Date.now() - started) / 1000;
    const v = result.verification;
    console.log(
      `  ${codec} (${result.encoder}): ${result.speed.toFixed(2)}x realtime, ${((SECONDS * FPS) / wall).toFixed(1)} fps, ${wall.toFixed(1)} s wall, ` +
        `${mb(result.sizeBytes)} MB (${((result.sizeBytes * 8) / SECONDS / 1e6).toFixed(2)} Mb/s); verified: ${v.outputDurationSeconds.toFixed(2)} s vs ${v.inputDurationSeconds.toFixed(2)} s, ` +
        `streams ${v.streams.output.video}v/${v.streams.output.audio}a/${v.streams.output.subtitle}s, ${v.chapters.output} chapters`,
    );
    await setup.dispose();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
