/**
 * `npx tsx test/corpus/measure-conditioning.ts [episodes] [variant]` — how well pocketsphinx hears
 * the degradation corpus under each audio conditioning of the matcher (audio-chunks.ts): for the
 * middle chunk of the first N episodes of season 1, the share of the subtitle window's content
 * terms found in the transcript (recall) and the similarity of the chunk to its own episode.
 * Chooses the matcher's default `audio_conditioning` (issue 23 item 6).
 */
import { createFakeContext } from '@spindle/plugin-sdk/testing';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { TitleChunks, type Conditioning } from '../../plugins/matcher-asr-subtitles/src/audio-chunks.ts';
import { terms, TfidfIndex } from '../../plugins/matcher-asr-subtitles/src/tfidf-index.ts';
import { loadReferences, pocketsphinx } from './corpus-matching.ts';
import { buildDegradedCorpus, type Variant } from './degraded-corpus.ts';
import { CachedTranscriber } from './degraded-matching.ts';

const episodes = Number(process.argv[2] ?? 6);
const variant = (process.argv[3] ?? 'clean') as Variant;
const corpus = await buildDegradedCorpus();
const season = corpus.seasons[0]!;
const references = await loadReferences(season.srtDir, season.season);
const index = new TfidfIndex(references, 90);
const transcriber = new CachedTranscriber(await pocketsphinx());
// The same context as the matcher's (asr-subtitles-matcher.ts), so its transcripts are shared.
const context = { id: createHash('sha1').update(references.map((r) => `${r.season}x${r.episode}:${r.text}`).join('\n')).digest('hex').slice(0, 16), text: references.map((r) => r.text).join('\n') };
for (const conditioning of ['none', 'noise_floor', 'normalize_noise_floor'] as Conditioning[]) {
  let found = 0;
  let total = 0;
  let own = 0;
  for (const title of season.titles.filter((t) => t.truth.kind === 'episode').slice(0, episodes)) {
    const episode = (title.truth as { episode: number }).episode;
    const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', title.files[variant]], { encoding: 'utf8' }));
    const offset = Math.round((duration / 2 - 15) * 10) / 10;
    const ctx = await createFakeContext({ appSettings: {} });
    const chunks = new TitleChunks({ filePath: title.files[variant], offsets: [offset], seconds: 30, language: 'en', context, conditioning }, transcriber.forTitle(title.files[variant], conditioning), ctx);
    const text = await chunks.text(offset);
    await ctx.dispose();
    const reference = references.find((r) => r.episode === episode)!;
    const said = new Set(terms(reference.cues.filter((c) => c.end > offset && c.start < offset + 30).map((c) => c.text).join(' ')).filter((t) => !t.includes(' ')));
    const heard = new Set(terms(text));
    total += said.size;
    found += [...said].filter((t) => heard.has(t)).length;
    own += index.score(text).find((s) => s.reference === references.indexOf(reference))!.score;
  }
  console.log(`${variant} ${conditioning}: content-word recall ${((100 * found) / Math.max(1, total)).toFixed(1)} %, mean similarity to own episode ${(own / episodes).toFixed(3)} (${transcriber.recognized} recognized so far)`);
}
