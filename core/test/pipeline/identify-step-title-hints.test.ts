/**
 * Which titles are ripped when the identifier that wins gives no title hints (a catalog entry, a
 * declared identity): the rest of the chain is asked for them, without changing the verdict.
 * Found by the end-to-end test: a TV DVD the catalog named had its Play All and a clip ripped and
 * matched, and stopped for review.
 */
import { describe, expect, it } from 'vitest';
import type { DiscScan, Identification, Identifier, StageContext } from '@spindle/plugin-sdk';
import type { JobRecord, NewTitle, TitleRecord } from '../../src/persistence/records.ts';
import type { StepDeps } from '../../src/pipeline/step-deps.ts';
import { identifyStep } from '../../src/pipeline/steps/identify-step.ts';
import { identificationAnswer, jobRecord } from '../support/records.ts';

const job = (fields: Partial<JobRecord> = {}): JobRecord =>
  jobRecord({ volumeLabel: 'SHOW_NAME_S1_D2', driveId: '/dev/sr0', ...fields });
const answer = (fields: Partial<Identification>): Identification =>
  identificationAnswer({
    source: 'catalog',
    confidence: 0.9,
    discNumber: 2,
    catalogId: 42,
    catalogTitle: 'Show Name',
    ...fields,
  });

/** Four episodes, a Play All of them, a 20-second clip. */
const scan: DiscScan = {
  volumeLabel: 'SHOW_NAME_S1_D2',
  discType: 'dvd',
  contentHash: null,
  titles: [
    ...[1300, 1310, 1290, 1320].map((s, i) => ({ index: i, durationSeconds: s, sizeBytes: 1, resolution: '480p' })),
    { index: 4, durationSeconds: 5220, sizeBytes: 4, resolution: '480p' },
    { index: 5, durationSeconds: 20, sizeBytes: 1, resolution: '480p' },
  ],
};

const heuristicHints = answer({
  source: 'heuristic',
  confidence: 0.85,
  catalogId: null,
  catalogTitle: null,
  titleHints: [
    ...[0, 1, 2, 3].map((i) => ({ titleIndex: i, role: 'episode_candidate' as const, rip: true })),
    { titleIndex: 4, role: 'play_all' as const, rip: false },
    { titleIndex: 5, role: 'short' as const, rip: false },
  ],
});

async function identify(chain: Identification[], record: Partial<JobRecord> = {}) {
  let current = job(record);
  let stored: TitleRecord[] = [];
  const asked: string[] = [];
  const identifiers = chain.map((a, i) => ({
    record: { id: `${a.source}-${i}` },
    impl: { identify: async () => (asked.push(`${a.source}-${i}`), a) } satisfies Identifier,
  }));
  const deps = {
    jobs: { get: async () => current },
    titles: { listByJob: async () => stored },
    // Titles are stored and change only through the job service (which emits title.updated): the repository fake only reads.
    jobService: {
      replaceTitles: async (_id: number, titles: NewTitle[]) =>
        (stored = titles.map((t, i) => ({ ...t, id: i + 1, jobId: 1 }) as unknown as TitleRecord)),
      update: async (_id: number, patch: Partial<JobRecord>) => (current = { ...current, ...patch }),
      updateTitle: async (title: TitleRecord, patch: Partial<TitleRecord>) => {
        stored = stored.map((t) => (t.id === title.id ? { ...t, ...patch } : t));
        return stored.find((t) => t.id === title.id)!;
      },
    },
    resolver: {
      ripperFor: () => ({ record: { id: 'ripper' }, impl: { scan: async () => scan } }),
      identifiers: () => identifiers,
    },
    config: { get: () => ({ discard_files_of: ['play_all'] }) },
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    context: async () => ({}) as StageContext,
    signal: new AbortController().signal,
  } as unknown as StepDeps;
  const outcome = await identifyStep(current, deps);
  return {
    outcome,
    asked,
    selected: stored.map((t) => [t.titleIndex, t.selected, t.role ?? null]),
    discards: stored.map((t) => [t.discardReason ?? null, t.discardedBy ?? null]),
    extraTypes: stored.map((t) => t.extraType ?? null),
  };
}

describe('identify step: which titles are ripped', () => {
  it('asks the rest of the chain for title hints when the winner gives none, and keeps the winner', async () => {
    const { outcome, asked, selected, discards } = await identify([answer({}), heuristicHints]);
    expect(asked).toEqual(['catalog-0', 'heuristic-1']);
    expect(selected).toEqual([
      [0, true, 'episode_candidate'],
      [1, true, 'episode_candidate'],
      [2, true, 'episode_candidate'],
      [3, true, 'episode_candidate'],
      [4, false, 'play_all'],
      [5, false, 'short'],
    ]);
    // Every title left out says why, and who decided: the person's discard_files_of names play_all; the short clip is the rule's alone.
    expect(discards.slice(4)).toEqual([
      ['Play All', 'setting'],
      ['a short clip', 'rule'],
    ]);
    expect(discards.slice(0, 4).every(([reason]) => reason === null)).toBe(true);
    expect(outcome).toMatchObject({ kind: 'next', patch: { classificationSource: 'catalog', catalogId: 42 } });
    // The borrowed answer is not evidence of the verdict.
    expect(JSON.parse(outcome.patch!.identificationJson!)).toHaveLength(1);
  });

  it('borrows nothing from an answer of the other kind, and stops asking once hints were found', async () => {
    const movie = answer({
      source: 'heuristic',
      contentType: 'movie',
      titleHints: [
        { titleIndex: 4, role: 'main_feature_candidate', rip: true },
        { titleIndex: 0, role: 'extra', rip: true },
      ],
    });
    const { asked, selected } = await identify([answer({}), movie, heuristicHints, answer({ source: 'ai' })]);
    expect(asked).toEqual(['catalog-0', 'heuristic-1', 'heuristic-2']);
    expect(selected.filter(([, rip]) => !rip).map(([index]) => index)).toEqual([4, 5]);
  });

  it('asks a person instead of ripping nothing when every title is left out', async () => {
    const short = answer({
      source: 'heuristic',
      confidence: 0.9,
      titleHints: [0, 1, 2, 3, 4, 5].map((i) => ({
        titleIndex: i,
        role: 'short' as const,
        rip: false,
        reason: 'shorter than 120 s',
      })),
    });
    const { outcome } = await identify([short]);
    expect(outcome).toMatchObject({
      kind: 'review',
      about: 'nothing_filed',
      resumeAt: 'ripping',
      reason: expect.stringContaining('nothing on this disc would be filed: 6 titles shorter than 120 s'),
    });
  });

  it('asks no further when the winner has title hints of its own', async () => {
    const { asked } = await identify([
      answer({ source: 'disc_lookup', titleHints: [{ titleIndex: 4, role: 'play_all', rip: false }] }),
      heuristicHints,
    ]);
    expect(asked).toEqual(['disc_lookup-0']);
  });

  it('stores the kind of extra each hint tells (a TV disc\u2019s extras reach their extras folders)', async () => {
    const typed = answer({
      source: 'heuristic',
      confidence: 0.85,
      titleHints: [
        ...[0, 1, 2].map((i) => ({ titleIndex: i, role: 'episode_candidate' as const, rip: true })),
        { titleIndex: 3, role: 'extra' as const, rip: true, extraType: 'featurette' as const },
        { titleIndex: 4, role: 'play_all' as const, rip: false },
        { titleIndex: 5, role: 'short' as const, rip: false, extraType: 'other' as const },
      ],
    });
    const { extraTypes } = await identify([typed]);
    expect(extraTypes).toEqual([null, null, null, 'featurette', null, 'other']);
  });

  it('borrows for a declared identity too, by the declared kind', async () => {
    const { outcome, selected } = await identify([answer({ confidence: 0.99 }), heuristicHints], {
      identityDeclared: true,
      contentType: 'tv',
      detectedTitle: 'Show Name',
      catalogId: 42,
    });
    expect(outcome.kind).toBe('next');
    expect(selected.filter(([, rip]) => !rip).map(([index]) => index)).toEqual([4, 5]);
  });
});
