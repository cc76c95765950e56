/**
 * The makemkvcon stand-in reading a real disc structure (test/fixtures/makemkv/disc-folder.mjs):
 * what it prints for the end-to-end fixture discs parses cleanly with the ripper's own robot-mode
 * parser and says what the discs hold (titles, lengths, sizes, playlists, streams, the files the
 * content hash is made of), --minlength drops short titles as MakeMKV does, and `mkv` remuxes a
 * title into a playable MKV while reporting progress.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeContentHash } from '@spindle/plugin-sdk';
import { parseInfoTranscript } from '../../plugins/ripper-makemkv/src/disc-info.ts';
import { contentHashFromListing } from '../../plugins/ripper-makemkv/src/disc-scanner.ts';
import { createMakemkvReplay, type MakemkvReplay } from '../support/makemkv-replay.ts';
import { buildE2eFixtures, type E2eFixtures, type FixtureDisc } from './support/fixture-discs.ts';

const run = promisify(execFile);
let fx: E2eFixtures;
let dir: string;
let replay: MakemkvReplay;

beforeAll(async () => {
  fx = await buildE2eFixtures();
  dir = await mkdtemp(join(tmpdir(), 'spindle-disc-folder-'));
  replay = await createMakemkvReplay(join(dir, 'makemkv'), { secondsPerTitle: 0.5 });
}, 600_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const makemkvcon = async (...args: string[]) => (await run(replay.path, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;

describe('makemkvcon stand-in on a disc folder', () => {
  it.each(['tvBluray', 'tvDvd', 'movieBluray'] as const)('scans the %s as MakeMKV would', async (which) => {
    const disc: FixtureDisc = fx[which];
    const parsed = parseInfoTranscript(
      await makemkvcon('-r', '--progress=-same', '--minlength=0', 'info', `file:${disc.root}`),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed).toMatchObject({
      discType: disc.structure,
      volumeName: disc.label,
      name: disc.label,
      titleCount: disc.titles.length,
    });
    expect(parsed.messages.at(-1)).toMatchObject({ code: 5011 });
    for (const truth of disc.titles) {
      const t = parsed.titles.find((x) => x.index === truth.index)!;
      expect(Math.abs(t.durationSeconds - truth.seconds), `title ${truth.index}`).toBeLessThanOrEqual(1);
      expect(t.sizeBytes).toBe(truth.sizeBytes);
      expect(disc.structure === 'bluray' ? t.sourceFile : t.originalTitleId).toBe(truth.source);
      expect(t.outputFileName).toBe(`${disc.label}_t${String(truth.index).padStart(2, '0')}.mkv`);
      expect(t.resolution).toBe(disc.structure === 'bluray' ? '1080p' : '480p');
      expect(t.streams.map((s) => [s.kind, s.language ?? null])).toEqual([
        ['video', null],
        ['audio', 'eng'],
      ]);
    }
    // The HSH listing hashes to the disc's content hash, as the mounted folder does.
    expect(contentHashFromListing(parsed)).toBe(disc.contentHash);
    expect(await computeContentHash(disc.root)).toBe(disc.contentHash);
  });

  it('reads Blu-ray playlists: a Play All joins the episodes, seamless branching makes the extended cut', async () => {
    const tv = parseInfoTranscript(await makemkvcon('-r', '--minlength=0', 'info', `file:${fx.tvBluray.root}`)).titles;
    expect(tv.find((t) => t.sourceFile === '00800.mpls')).toMatchObject({
      segmentMap: '1,2,3,4',
      segmentCount: 4,
      chapters: 4,
    });
    const movie = parseInfoTranscript(
      await makemkvcon('-r', '--minlength=0', 'info', `file:${fx.movieBluray.root}`),
    ).titles;
    expect(movie.find((t) => t.sourceFile === '00800.mpls')).toMatchObject({ segmentMap: '1,2,4', chapters: 3 });
    expect(movie.find((t) => t.sourceFile === '00801.mpls')).toMatchObject({ segmentMap: '1,2,3,4', chapters: 4 });
    // A clip no playlist plays is a title of its own.
    expect(movie.find((t) => t.sourceFile === '00007.m2ts')).toMatchObject({ segmentMap: '7', durationSeconds: 15 });
  });

  it('drops titles shorter than --minlength and renumbers the rest, saying so', async () => {
    const parsed = parseInfoTranscript(await makemkvcon('-r', '--minlength=60', 'info', `file:${fx.tvDvd.root}`));
    expect(parsed.titles.map((t) => [t.index, t.originalTitleId])).toEqual([
      [0, '01'],
      [1, '02'],
      [2, '03'],
      [3, '04'],
      [4, '06'],
    ]);
    expect(parsed.messages.filter((m) => m.code === 3025)).toHaveLength(1);
  });

  it('rips a title by remuxing it, with progress, into the file it reported', async () => {
    const out = join(dir, 'rip');
    const disc = fx.tvDvd;
    const text = await makemkvcon('-r', '--progress=-same', '--minlength=0', 'mkv', `file:${disc.root}`, '1', out);
    const lines = text.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^MSG:5036,/);
    const saving = lines.findIndex((l) => l.startsWith('PRGT:5024'));
    const totals = lines
      .slice(saving)
      .filter((l) => l.startsWith('PRGV:'))
      .map((l) => Number(l.split(/[:,]/)[2]));
    expect(totals.length).toBeGreaterThanOrEqual(3);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(await readdir(out)).toEqual([`${disc.label}_t01.mkv`]);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      join(out, `${disc.label}_t01.mkv`),
    ]);
    const probed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string }[] };
    expect(probed.streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
    expect(Number(probed.format.duration)).toBeCloseTo(disc.titles[1]!.seconds, -1);
  });
});
