/**
 * Runs the real asr-subtitles matcher with a real transcriber over every title of a generated
 * corpus, two titles at a time (max_concurrent_matches on this machine), as the pipeline would.
 */
import type { JobView, MatchResult, ReferenceSubtitle, TitleView, Transcriber } from '@spindle/plugin-sdk';
import { createFakeContext, createFakeSetup, createStage } from '@spindle/plugin-sdk/testing';
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanCues, parseSrt } from '../../core/src/subtitles/srt-parser.ts';
import asrPlugin from '../../plugins/matcher-asr-subtitles/src/index.ts';
import sphinxPlugin from '../../plugins/transcriber-pocketsphinx/src/index.ts';
import { pluginSettings } from '../support/plugin-defaults.ts';
import type { SeasonCorpus } from './season-corpus.ts';

const pkg = (name: string) => fileURLToPath(new URL(`../../plugins/${name}/package.json`, import.meta.url));

export async function loadReferences(srtDir: string, season = 1): Promise<ReferenceSubtitle[]> {
  const out: ReferenceSubtitle[] = [];
  for (const name of (await readdir(srtDir)).sort()) {
    const m = /S(\d+)E(\d+)/.exec(name);
    if (!m || Number(m[1]) !== season) continue;
    const cues = cleanCues(parseSrt(await readFile(join(srtDir, name), 'utf8')));
    out.push({
      season,
      episode: Number(m[2]),
      name: null,
      runtimeMinutes: null,
      text: cues.map((c) => c.text).join(' '),
      cues,
    });
  }
  return out;
}

export async function pocketsphinx(): Promise<Transcriber> {
  const setup = await createFakeSetup({ settings: pluginSettings(pkg('transcriber-pocketsphinx')) });
  return (await sphinxPlugin.definition.providers!.transcriber!.pocketsphinx!(setup as never)) as Transcriber;
}

export async function matchCorpus(
  corpus: SeasonCorpus,
  transcriber: Transcriber,
  concurrency = 2,
): Promise<Map<number, MatchResult | null>> {
  const references = await loadReferences(corpus.srtDir, corpus.season);
  const matcher = await createStage(asrPlugin, 'matcher', 'asr-subtitles', {
    settings: pluginSettings(pkg('matcher-asr-subtitles')),
  });
  const views: TitleView[] = corpus.titles.map((t, i) => ({
    id: i + 1,
    titleIndex: t.titleIndex,
    durationSeconds: Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', t.file], {
        encoding: 'utf8',
      }),
    ),
    sizeBytes: 0,
    resolution: null,
    state: 'matching',
    filePath: t.file,
    isExtra: false,
  }));
  const label = corpus.discDir.split('/').pop()!;
  const job = declaredSeasonJob(label, corpus.discDir, corpus.show, corpus.season);
  const results = new Map<number, MatchResult | null>();
  const queue = [...views];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let title = queue.shift(); title; title = queue.shift()) {
        const ctx = await createFakeContext({
          providers: { transcriber: [transcriber] },
          appSettings: { subtitle_language: 'en' },
        });
        results.set(
          title.titleIndex,
          await matcher.match({ job, title, siblings: views, previous: [], references }, ctx),
        );
        await ctx.dispose();
      }
    }),
  );
  return results;
}

export function resultTable(corpus: SeasonCorpus, results: Map<number, MatchResult | null>): string {
  return corpus.titles
    .map((t) => {
      const r = results.get(t.titleIndex);
      return `${t.titleIndex}\t${t.truth.kind === 'episode' ? `E${t.truth.episode}` : t.truth.kind}\t${r ? `E${r.episode} ${r.confidence}` : 'no match'}`;
    })
    .join('\n');
}

/** A folder job for disc 1 of the show's season, its identity declared (as the corpus runs give it). */
export function declaredSeasonJob(label: string, path: string, show: string, season: number): JobView {
  return {
    id: 1,
    source: { kind: 'folder', path, driveId: null, volumeLabel: label },
    contentType: 'tv',
    volumeLabel: label,
    detectedTitle: show,
    detectedSeason: season,
    detectedYear: null,
    discNumber: 1,
    contentHash: null,
    catalogId: null,
    catalogTitle: null,
    discMappings: null,
    stagingPath: null,
    identityDeclared: true,
  };
}
