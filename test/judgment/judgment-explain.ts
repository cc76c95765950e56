/** Debug aid: `npx tsx test/judgment/judgment-explain.ts STEM_PART`: the heuristic's answer and hints for tuning discs. */
import { loadRealDiscs } from './judgment-discs.ts';
import { scanOf, truthOf } from './judgment-figures.ts';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../../plugins/identifier-heuristic/src/heuristic-identifier.ts';

const part = process.argv[2] ?? '';
for (const disc of loadRealDiscs().filter((d) => !d.set.startsWith('holdout') && d.stem.includes(part))) {
  const scan = scanOf(disc);
  const ctx = await createFakeContext();
  const id = (await new HeuristicIdentifier().identify(
    { job: sampleJob({ volumeLabel: scan.volumeLabel }), scan, previous: [] },
    ctx,
  ))!;
  await ctx.dispose();
  console.log(`== ${disc.stem} [${disc.kind}] said ${id.contentType} ${id.confidence} | ${id.reviewReason ?? ''}`);
  for (const e of id.evidence) console.log(`   - ${e}`);
  for (const t of disc.record.Titles) {
    const h = id.titleHints.find((x) => x.titleIndex === t.Index) as
      { role: string; rip: boolean; extraType?: string } | undefined;
    const tr = truthOf(t);
    console.log(
      `   ${String(t.Index).padStart(2)} ${t.Duration.padStart(8)} ${(t.SourceFile ?? '').padEnd(11)} ${(t.SegmentMap ?? '').slice(0, 20).padEnd(20)} truth ${tr.role}/${tr.extraType ?? t.Item?.Type ?? ''} -> ${h?.role}${h?.rip ? '' : ' (no rip)'} ${h?.extraType ?? ''}`,
    );
  }
}
