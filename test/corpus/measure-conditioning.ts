/**
 * `npx tsx test/corpus/measure-conditioning.ts [--seasons 1,2] [--variants clean,noise]
 * [--conditionings none,noise_floor,...] [--chunks 1]` — how well pocketsphinx hears the
 * degradation corpus under each audio conditioning of the matcher (audio-chunks.ts). For every
 * episode of the chosen seasons and variants it hears the first `--chunks` chunks the matcher
 * itself plans (chunk-plan.ts with the plugin's defaults, so the transcripts are shared with
 * `npm run bench:accuracy` through the transcript cache) and reports, per variant and
 * conditioning: the share of the subtitle window's content words found in the transcript
 * (recall), the mean similarity of the chunk to its own episode, how often its own episode
 * scores highest, and the mean margin over the best other episode.
 * Chooses the matcher's default `audio_conditioning` (issue 23 item 6).
 */
import { createFakeContext } from '@spindle/plugin-sdk/testing';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { TitleChunks, type Conditioning } from '../../plugins/matcher-asr-subtitles/src/audio-chunks.ts';
import { chunkOffsets } from '../../plugins/matcher-asr-subtitles/src/chunk-plan.ts';
import type { AsrMatcherSettings } from '../../plugins/matcher-asr-subtitles/src/settings.ts';
import { terms, TfidfIndex } from '../../plugins/matcher-asr-subtitles/src/tfidf-index.ts';
import { pluginSettings } from '../support/plugin-defaults.ts';
import { loadReferences, pocketsphinx } from './corpus-matching.ts';
import { buildDegradedCorpus, VARIANTS, type Variant } from './degraded-corpus.ts';
import { CachedTranscriber } from './degraded-matching.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const seasons = (arg('--seasons') ?? '1,2').split(',').map(Number);
const variants = (arg('--variants')?.split(',') ?? [...VARIANTS]) as Variant[];
const conditionings = (arg('--conditionings') ?? 'none,noise_floor,normalize_noise_floor').split(',') as Conditioning[];
const perTitle = Number(arg('--chunks') ?? 1);
const settings = pluginSettings(
  fileURLToPath(new URL('../../plugins/matcher-asr-subtitles/package.json', import.meta.url)),
) as unknown as AsrMatcherSettings;

const corpus = await buildDegradedCorpus();
const transcriber = new CachedTranscriber(await pocketsphinx());
const rows: string[] = [];
for (const variant of variants) {
  for (const conditioning of conditionings) {
    // Words said and found, summed scores of the right episode and margins over the next, chunks ranked first, chunks.
    const sum = { found: 0, total: 0, own: 0, margin: 0, top: 0, chunks: 0 };
    for (const season of corpus.seasons.filter((s) => seasons.includes(s.season))) {
      const references = await loadReferences(season.srtDir, season.season);
      const index = new TfidfIndex(references, settings.window_seconds);
      // The same context as the matcher's (asr-subtitles-matcher.ts), so its transcripts are shared.
      const text = references.map((r) => `${r.season}x${r.episode}:${r.text}`).join('\n');
      const context = {
        id: createHash('sha1').update(text).digest('hex').slice(0, 16),
        text: references.map((r) => r.text).join('\n'),
      };
      for (const title of season.titles) {
        if (title.truth.kind !== 'episode') continue;
        const reference = references.findIndex((r) => r.episode === (title.truth as { episode: number }).episode);
        const offsets = chunkOffsets(title.seconds, settings).slice(0, perTitle);
        const ctx = await createFakeContext({ appSettings: {} });
        const source = new TitleChunks(
          {
            filePath: title.files[variant],
            offsets,
            seconds: settings.chunk_seconds,
            language: 'en',
            context,
            conditioning,
          },
          transcriber.forTitle(title.files[variant], conditioning),
          ctx,
        );
        for (const offset of offsets) {
          const heardText = await source.text(offset);
          const cues = references[reference]!.cues.filter(
            (c) => c.end > offset && c.start < offset + settings.chunk_seconds,
          );
          const said = new Set(terms(cues.map((c) => c.text).join(' ')).filter((t) => !t.includes(' ')));
          const heard = new Set(terms(heardText));
          sum.total += said.size;
          sum.found += [...said].filter((t) => heard.has(t)).length;
          const scores = index.score(heardText);
          const mine = scores.find((s) => s.reference === reference)?.score ?? 0;
          const other = scores.find((s) => s.reference !== reference)?.score ?? 0;
          sum.own += mine;
          sum.margin += mine - other;
          if (mine > other) sum.top++;
          sum.chunks++;
        }
        await source.dispose();
        await ctx.dispose();
      }
    }
    const { found, total, own, margin, top, chunks } = sum;
    const row = `| ${variant} | ${conditioning} | ${chunks} | ${((100 * found) / Math.max(1, total)).toFixed(1)} % | ${(own / chunks).toFixed(3)} | ${top}/${chunks} | ${(margin / chunks).toFixed(3)} |`;
    rows.push(row);
    console.log(`${row} (${transcriber.recognized} recognized so far)`);
  }
}
console.log(
  '\n| variant | conditioning | chunks | content-word recall | similarity to own episode | own episode on top | margin over the best other |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
