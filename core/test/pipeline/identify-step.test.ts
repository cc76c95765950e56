/**
 * The identifying step alone, against a fake ripper and fake identifiers (pipeline-fakes.ts): the
 * scan becomes the job's titles, the chain is asked in order until a confident answer, an
 * identifier that throws is skipped and named, and what is missing is said. (Which titles are
 * ripped from the answers' hints: identify-step-title-hints.test.ts; what the answers mean for the
 * job: identification-verdict.test.ts.)
 */
import type { DiscScan, Identification, Identifier, Ripper } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { identifyStep } from '../../src/pipeline/steps/identify-step.ts';
import { pipelineWorld } from './pipeline-fakes.ts';

const scan: DiscScan = {
  volumeLabel: 'SHOW_S1_D1',
  discType: 'bluray',
  contentHash: 'ab12',
  titles: [0, 1, 2].map((index) => ({
    index,
    durationSeconds: 1300 + index,
    sizeBytes: 10 + index,
    resolution: '1080p',
  })),
};

const ripper: Ripper = {
  sourceKinds: ['disc'],
  scan: async () => scan,
  rip: async () => {
    throw new Error('identifying does not rip');
  },
};

const answer = (fields: Partial<Identification>): Identification => ({
  contentType: 'tv',
  source: 'catalog',
  confidence: 0.9,
  title: 'Show',
  year: 2019,
  season: 1,
  discNumber: 1,
  catalogId: 42,
  catalogTitle: 'Show',
  discLookup: null,
  titleHints: [],
  ambiguousMovie: false,
  reviewReason: null,
  evidence: ['the label names the show'],
  ...fields,
});

/** An identifier giving `result` (or throwing it), recording that it was asked. */
function identifier(name: string, result: Identification | Error | null, asked: string[]): Identifier {
  return {
    async identify() {
      asked.push(name);
      if (result instanceof Error) throw result;
      return result;
    },
  } as Identifier;
}

async function setup(identifiers: Identifier[], withRipper = true) {
  const w = pipelineWorld({ stages: { identifiers, ...(withRipper ? { rippers: { disc: ripper } } : {}) } });
  const { job } = await w.seed('identifying', { sourceKind: 'disc', driveId: '/dev/sr0', contentType: 'unknown' });
  return { w, job };
}

describe('identifying step', () => {
  it('stores the scan as the job’s titles and its content hash, and stops asking at the first confident answer', async () => {
    const asked: string[] = [];
    // A confident answer with title hints settles everything: nobody later in the chain is asked.
    const hints = [0, 1, 2].map((titleIndex) => ({ titleIndex, role: 'episode_candidate' as const, rip: true }));
    const { w, job } = await setup([
      identifier('disc-lookup', null, asked),
      identifier('catalog', answer({ titleHints: hints }), asked),
      identifier('heuristic', answer({ source: 'heuristic' }), asked),
    ]);
    const outcome = await identifyStep(job, w.stepDeps());
    expect(asked).toEqual(['disc-lookup', 'catalog']);
    expect(w.contexts).toEqual(['scan:ripper-disc', 'identify:identifier-0', 'identify:identifier-1']);
    expect(outcome.kind).toBe('next');
    expect(outcome.patch).toMatchObject({ contentType: 'tv', detectedTitle: 'Show', detectedSeason: 1 });
    expect(JSON.parse(outcome.patch!.identificationJson!)).toHaveLength(1);
    expect((await w.jobs.get(job.id))!.contentHash).toBe('ab12');
    expect((await w.titles.listByJob(job.id)).every((t) => t.role === 'episode_candidate')).toBe(true);
    expect(
      (await w.titles.listByJob(job.id)).map((t) => [t.titleIndex, t.durationSeconds, t.state, t.selected]),
    ).toEqual([
      [0, 1300, 'pending', true],
      [1, 1301, 'pending', true],
      [2, 1302, 'pending', true],
    ]);
  });

  it('skips an identifier that throws, logs it, and goes on with the chain', async () => {
    const asked: string[] = [];
    const { w, job } = await setup([
      identifier('catalog', new Error('TMDB could not be reached'), asked),
      identifier('heuristic', answer({ source: 'heuristic', confidence: 0.85 }), asked),
    ]);
    const outcome = await identifyStep(job, w.stepDeps());
    expect(asked).toEqual(['catalog', 'heuristic']);
    expect(outcome.kind).toBe('next');
    expect(w.logger.messages('warn').some((m) => m.includes('identifier identifier-0 failed'))).toBe(true);
  });

  it('without any confident answer the job goes to review about its identity, naming the failures', async () => {
    const asked: string[] = [];
    const { w, job } = await setup([
      identifier('catalog', new Error('TMDB could not be reached'), asked),
      identifier('heuristic', answer({ source: 'heuristic', confidence: 0.3, title: null }), asked),
    ]);
    const outcome = await identifyStep(job, w.stepDeps());
    expect(outcome).toMatchObject({ kind: 'review', about: 'identity', resumeAt: 'ripping' });
    expect(outcome.kind === 'review' && outcome.reason).toContain('TMDB could not be reached');
  });

  it('an abort during an identifier is not swallowed as a failure of that identifier', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    const aborting: Identifier = {
      async identify() {
        asked.push('catalog');
        controller.abort(new Error('Cancelled by user'));
        throw new Error('the request was aborted');
      },
    } as Identifier;
    const { w, job } = await setup([aborting, identifier('heuristic', answer({ source: 'heuristic' }), asked)]);
    await expect(identifyStep(job, w.stepDeps(controller.signal))).rejects.toThrow('the request was aborted');
    expect(asked).toEqual(['catalog']);
  });

  it('says what is missing when no ripper reads the source', async () => {
    const { w, job } = await setup([], false);
    await expect(identifyStep(job, w.stepDeps())).rejects.toMatchObject({
      code: 'no_ripper_configured',
      message: expect.stringContaining('pipeline.rippers.disc'),
    });
    expect(await w.titles.listByJob(job.id)).toEqual([]);
  });
});
