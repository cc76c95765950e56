/**
 * npm run bench:disc [-- --seconds-per-title N] — a whole TV disc, insert to library, through the
 * real service (in-process harness): the generated season (8 episodes of espeak-ng speech,
 * test/corpus/season-corpus.ts) authored as a Blu-ray folder, read by the MakeMKV stand-in at about
 * one title per N seconds (default 30), identified by the heuristic, matched by asr-subtitles with
 * pocketsphinx against local subtitles (subtitles-local-folder), filed by the library organizer.
 * Run twice in the same process: per-title overlap (`pipeline_overlap: true`), then the old
 * sequential order (`pipeline_overlap: false`).
 *
 * Printed per run: rip time (the drive: job enters ripping → last title's file saved), the sum of
 * per-title match times (MATCHING → MATCHED/REVIEW, from /ws), the mean per title, wall time
 * (insert → last file filed), and the ratio wall / (rip time + one title's match time); target ≤ 1.25
 * with overlap. The timings come from the service's own /ws messages, timestamped on arrival.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { blkidExport, createFakeLinux } from '../../plugins/detector-linux-drive/test/fake-linux.ts';
import { buildSeasonCorpus } from '../corpus/season-corpus.ts';
import { apiClient } from '../support/http-client.ts';
import { createGatedMakemkv } from '../reliability/support/gated-makemkv.ts';
import { startTestService } from '../support/service-harness.ts';

const run = promisify(execFile);
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const SECONDS_PER_TITLE = Number(arg('seconds-per-title') ?? process.env.DISC_BENCH_SECONDS_PER_TITLE ?? 30);
const LABEL = 'GENERATED_CHRONICLES_S1_D1';

interface Event {
  at: number;
  message: Record<string, unknown>;
}

interface Figures {
  mode: string;
  titles: number;
  filed: number;
  correct: number;
  ripSeconds: number;
  matchSum: number;
  matchMean: number;
  wall: number;
  ratio: number;
  state: string;
}

/** The season's episodes as a Blu-ray folder: one BDMV/STREAM clip per episode, in the corpus's disc order. */
async function authorDisc(root: string): Promise<{ disc: string; subtitles: string; truth: Map<number, number> }> {
  const corpus = await buildSeasonCorpus({ episodes: 8 });
  const disc = join(root, LABEL);
  const stream = join(disc, 'BDMV', 'STREAM');
  await mkdir(stream, { recursive: true });
  const truth = new Map<number, number>();
  const episodes = corpus.titles.filter((t) => t.truth.kind === 'episode');
  for (const [i, title] of episodes.entries()) {
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      title.file,
      '-map',
      '0',
      '-c',
      'copy',
      '-f',
      'mpegts',
      join(stream, `${String(i + 1).padStart(5, '0')}.m2ts`),
    ]);
    truth.set(i, (title.truth as { episode: number }).episode);
  }
  return { disc, subtitles: join(corpus.srtDir, '..'), truth };
}

function stamp(events: Event[], type: string, pred: (m: Record<string, unknown>) => boolean): number[] {
  return events.filter((e) => e.message.type === type && pred(e.message)).map((e) => e.at);
}

async function runDisc(
  mode: 'overlap' | 'sequential',
  disc: string,
  subtitles: string,
  truth: Map<number, number>,
): Promise<Figures> {
  const root = await mkdtemp(join(tmpdir(), `spindle-disc-bench-${mode}-`));
  const linux = await createFakeLinux();
  const svcRef: { close?: () => Promise<void> } = {};
  try {
    await linux.addDrive('sr0');
    const mkv = await createGatedMakemkv(join(root, 'makemkv-bin'), { '/dev/sr0': disc });
    await mkv.set('pace', SECONDS_PER_TITLE);
    const tv = join(root, 'library', 'TV');
    for (const d of [join(root, 'staging'), tv, join(root, 'library', 'Movies')]) await mkdir(d, { recursive: true });
    const svc = await startTestService({
      config: {
        staging_path: join(root, 'staging'),
        library_tv_path: tv,
        library_movies_path: join(root, 'library', 'Movies'),
        ripper_path: mkv.path,
        max_concurrent_matches: 2,
        pipeline_overlap: mode === 'overlap',
        pipeline: {
          detectors: ['linux-drive'],
          identifiers: ['heuristic'],
          rippers: { disc: 'makemkv', folder: 'folder' },
          matchers: ['asr-subtitles'],
          organizer: 'library',
          contributors: [],
          providers: { subtitles: ['local-folder'], transcriber: ['pocketsphinx'] },
        },
        plugin_settings: {
          'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.1, auto_eject: false }),
          'subtitles-local-folder': { folder: subtitles },
          // The generated episodes are 75–110 s long: the heuristic's episode range is widened to them.
          'identifier-heuristic': { short_title_max_seconds: 30, episode_min_minutes: 1, episode_tolerance_minutes: 1 },
        },
      },
    });
    svcRef.close = () => svc.close();
    const events: Event[] = [];
    const socket = new WebSocket(`${svc.url.replace(/^http/, 'ws')}/ws`);
    socket.on('message', (data) =>
      events.push({ at: performance.now(), message: JSON.parse(String(data)) as Record<string, unknown> }),
    );
    await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));

    const inserted = performance.now();
    await linux.insert('sr0', 4_000_000, blkidExport('/dev/sr0', LABEL));
    const api = apiClient(svc.url);
    let job: { id: number; state: string } | undefined;
    for (const until = Date.now() + 900_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      job = (await api.get<{ id: number; state: string }[]>('/api/jobs')).body[0];
      if (job && ['completed', 'failed', 'review_needed'].includes(job.state)) break;
    }
    socket.close();
    const rows = (
      await api.get<
        {
          title_index: number;
          state: string;
          selected: boolean;
          matched_episode: string | null;
          organized_path: string | null;
        }[]
      >(`/api/jobs/${job!.id}/titles`)
    ).body;
    const selected = rows.filter((t) => t.selected);
    const titleEvents = (index: number, state: string) =>
      stamp(events, 'title_update', (m) => m.title_index === index && m.state === state);
    const ripStart = stamp(events, 'job_update', (m) => m.state === 'ripping')[0] ?? inserted;
    const ripEnds = selected.map((t) => titleEvents(t.title_index, 'queued')[0] ?? NaN);
    const matchTimes = selected.map((t) => {
      const start = titleEvents(t.title_index, 'matching')[0];
      const end = [...titleEvents(t.title_index, 'matched'), ...titleEvents(t.title_index, 'review')].sort(
        (a, b) => a - b,
      )[0];
      return start !== undefined && end !== undefined ? (end - start) / 1000 : NaN;
    });
    const filedAt = selected.map((t) => titleEvents(t.title_index, 'completed').at(-1) ?? NaN);
    const ripSeconds = (Math.max(...ripEnds) - ripStart) / 1000;
    const matchSum = matchTimes.reduce((a, b) => a + b, 0);
    const matchMean = matchSum / Math.max(1, matchTimes.length);
    const wall = (Math.max(...filedAt) - inserted) / 1000;
    const correct = selected.filter(
      (t) => t.matched_episode === `S01E${String(truth.get(t.title_index) ?? 0).padStart(2, '0')}`,
    ).length;
    const filed = (await readdir(join(tv, 'Generated Chronicles', 'Season 01')).catch(() => [])).filter((n) =>
      n.endsWith('.mkv'),
    ).length;
    return {
      mode,
      titles: selected.length,
      filed,
      correct,
      ripSeconds,
      matchSum,
      matchMean,
      wall,
      ratio: wall / (ripSeconds + matchMean),
      state: job!.state,
    };
  } finally {
    await svcRef.close?.();
    await linux.dispose();
    await rm(root, { recursive: true, force: true });
  }
}

const work = await mkdtemp(join(tmpdir(), 'spindle-disc-bench-'));
try {
  const { disc, subtitles, truth } = await authorDisc(work);
  console.log(
    `disc bench: ${truth.size} episodes of generated speech, MakeMKV stand-in at ${SECONDS_PER_TITLE} s per title, pocketsphinx, local subtitles, 2 matches at a time`,
  );
  const results: Figures[] = [];
  for (const mode of ['overlap', 'sequential'] as const) {
    const f = await runDisc(mode, disc, subtitles, truth);
    results.push(f);
    console.log(
      `${mode.padEnd(10)}: job ${f.state}, ${f.filed}/${f.titles} filed (${f.correct} correct); rip ${f.ripSeconds.toFixed(1)} s; match sum ${f.matchSum.toFixed(1)} s (mean ${f.matchMean.toFixed(1)} s per title); wall insert → last filed ${f.wall.toFixed(1)} s; ratio wall / (rip + one match) ${f.ratio.toFixed(2)}${mode === 'overlap' ? ` (target ≤ 1.25: ${f.ratio <= 1.25 ? 'met' : 'NOT met'})` : ''}`,
    );
  }
  const [a, b] = results as [Figures, Figures];
  console.log(
    `side by side: overlap ${a.wall.toFixed(1)} s vs sequential ${b.wall.toFixed(1)} s insert → library (${((1 - a.wall / b.wall) * 100).toFixed(0)} % less)`,
  );
  if (a.state !== 'completed' || b.state !== 'completed') process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
