/**
 * Matching accuracy on the generated corpus, with real speech recognition (pocketsphinx) and the
 * real matcher: every episode of a shuffled disc is matched correctly or sent to review — never
 * auto-accepted wrongly — and neither the Play All title nor the extra is matched as an episode.
 */
import type { MatchResult, ReferenceSubtitle, TitleView, Transcriber } from '@spindle/plugin-sdk';
import { createFakeContext, createFakeSetup, createStage } from '@spindle/plugin-sdk/testing';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanCues, parseSrt } from '../core/src/subtitles/srt-parser.ts';
import asrPlugin from '../plugins/matcher-asr-subtitles/src/index.ts';
import sphinxPlugin from '../plugins/transcriber-pocketsphinx/src/index.ts';
import { buildSeasonCorpus, type SeasonCorpus } from './corpus/season-corpus.ts';
import { pluginSettings } from './support/plugin-defaults.ts';

const AUTO_ACCEPT = 0.7;
const pkg = (name: string) => fileURLToPath(new URL(`../plugins/${name}/package.json`, import.meta.url));

let corpus: SeasonCorpus;
let references: ReferenceSubtitle[];
const results = new Map<number, MatchResult | null>();

async function loadReferences(srtDir: string): Promise<ReferenceSubtitle[]> {
  const out: ReferenceSubtitle[] = [];
  for (const name of (await readdir(srtDir)).sort()) {
    const episode = Number(/S01E(\d+)/.exec(name)![1]);
    const cues = cleanCues(parseSrt(await readFile(join(srtDir, name), 'utf8')));
    out.push({ season: 1, episode, name: null, runtimeMinutes: null, text: cues.map((c) => c.text).join(' '), cues });
  }
  return out;
}

beforeAll(async () => {
  corpus = await buildSeasonCorpus({ episodes: 8 });
  references = await loadReferences(corpus.srtDir);
  const setup = await createFakeSetup({ settings: pluginSettings(pkg('transcriber-pocketsphinx')) });
  const transcriber = (await sphinxPlugin.definition.providers!.transcriber!.pocketsphinx!(setup as never)) as Transcriber;
  const matcher = await createStage(asrPlugin, 'matcher', 'asr-subtitles', { settings: pluginSettings(pkg('matcher-asr-subtitles')) });
  const { execFileSync } = await import('node:child_process');
  const views: TitleView[] = corpus.titles.map((t, i) => ({
    id: i + 1,
    titleIndex: t.titleIndex,
    durationSeconds: Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', t.file], { encoding: 'utf8' })),
    sizeBytes: 0,
    resolution: null,
    state: 'matching',
    filePath: t.file,
    isExtra: false,
  }));
  const job = { id: 1, source: { kind: 'folder' as const, path: corpus.discDir, driveId: null, volumeLabel: 'GENERATED_CHRONICLES_S1_D1' }, contentType: 'tv' as const, volumeLabel: 'GENERATED_CHRONICLES_S1_D1', detectedTitle: corpus.show, detectedSeason: 1, detectedYear: null, discNumber: 1, contentHash: null, catalogId: null, catalogTitle: null, discMappings: null, stagingPath: null, identityDeclared: true };
  // Two titles at a time, like max_concurrent_matches = 2 on this machine.
  const queue = [...views];
  await Promise.all(
    [0, 1].map(async () => {
      for (let title = queue.shift(); title; title = queue.shift()) {
        const ctx = await createFakeContext({ providers: { transcriber: [transcriber] }, appSettings: { subtitle_language: 'en' } });
        results.set(title.titleIndex, await matcher.match({ job, title, siblings: views, previous: [], references }, ctx));
        await ctx.dispose();
      }
    }),
  );
  const table = corpus.titles.map((t) => {
    const r = results.get(t.titleIndex);
    return `${t.titleIndex}\t${t.truth.kind === 'episode' ? `E${t.truth.episode}` : t.truth.kind}\t${r ? `E${r.episode} ${r.confidence}` : 'no match'}`;
  });
  console.log(`matching accuracy (pocketsphinx):\ntitle\ttruth\tresult\n${table.join('\n')}`);
}, 300_000);

describe('matching accuracy on the generated season (pocketsphinx)', () => {
  it('gets ≥ 95 % of episodes right and sends every wrong one to review', () => {
    const episodes = corpus.titles.filter((t) => t.truth.kind === 'episode');
    let correct = 0;
    for (const t of episodes) {
      const r = results.get(t.titleIndex);
      const truth = (t.truth as { episode: number }).episode;
      if (r?.episode === truth) correct++;
      else expect(r === null || r === undefined || r.confidence < AUTO_ACCEPT, `title ${t.titleIndex} wrongly auto-accepted as E${r?.episode}`).toBe(true);
    }
    expect(correct / episodes.length).toBeGreaterThanOrEqual(0.95);
  });

  it('explains each match with named score components', () => {
    const r = [...results.values()].find((x) => x !== null)!;
    expect(r.components.map((c) => c.name)).toEqual(['separation', 'vote_consensus', 'coverage', 'runtime_agreement', 'disc_order_prior']);
    expect(r.candidates.length).toBeGreaterThan(1);
    expect(r.source).toBe('local_asr');
  });

  it('does not match the Play All title or the extra as an episode', () => {
    for (const t of corpus.titles.filter((x) => x.truth.kind !== 'episode')) {
      const r = results.get(t.titleIndex);
      expect(r === null || r === undefined || r.confidence < AUTO_ACCEPT, `${t.truth.kind} matched as E${r?.episode} (${r?.confidence})`).toBe(true);
    }
  });
});
