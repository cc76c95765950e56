/**
 * The matching step alone, against fake matchers (pipeline-fakes.ts): the chain per title, the
 * auto-accept threshold, how many titles match at once and in which order, a person's decision
 * kept, a restart's MATCHING titles put back in line, and the disc-wide verdict.
 */
import type { MatchInput, MatchResult, Matcher, StageContext } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import type { NewTitle } from '../../src/persistence/records.ts';
import { matchStep } from '../../src/pipeline/steps/match-step.ts';
import { pipelineWorld } from './pipeline-fakes.ts';

const episode = (ep: number, confidence: number, source: MatchResult['source'] = 'local_asr'): MatchResult => ({
  kind: 'episode',
  season: 1,
  episode: ep,
  episodeEnd: null,
  edition: null,
  confidence,
  source,
  components: [],
  candidates: [],
});

/** A matcher answering from a table (title index → answer), recording each title it was asked about. */
function matcher(name: string, answers: Record<number, MatchResult | null>, asked: string[]): Matcher {
  return {
    async match(request: MatchInput, _ctx: StageContext) {
      asked.push(`${name}:${request.title.titleIndex}`);
      return answers[request.title.titleIndex] ?? null;
    },
  } as Matcher;
}

const ripped = (count: number, extra: Partial<NewTitle> = {}): NewTitle[] =>
  Array.from({ length: count }, (_, i) => ({
    titleIndex: i,
    durationSeconds: 1300 + i,
    sizeBytes: 1,
    state: 'queued',
    filePath: `/staging/t${i}.mkv`,
    ...extra,
  }));

async function setup(matchers: Matcher[], titles: NewTitle[], config: Record<string, unknown> = {}) {
  const w = pipelineWorld({
    config: { match_auto_accept_threshold: 0.8, max_concurrent_matches: 1, pipeline_overlap: false, ...config },
    stages: { matchers },
  });
  const { job } = await w.seed('matching', { contentType: 'tv', detectedSeason: 1 }, titles);
  return { w, job };
}

describe('matching step', () => {
  it('asks the chain in order per title, stops at the first confident answer, accepts at the threshold and sends the rest to review', async () => {
    const asked: string[] = [];
    const first = matcher('asr', { 0: episode(1, 0.95), 1: episode(2, 0.6) }, asked);
    const second = matcher('order', { 1: null }, asked);
    const { w, job } = await setup([first, second], ripped(2));
    const outcome = await matchStep(job, w.stepDeps());
    expect(asked).toEqual(['asr:0', 'asr:1', 'order:1']);
    const [t0, t1] = await w.titles.listByJob(job.id);
    expect(t0).toMatchObject({
      state: 'matched',
      matchedEpisode: 'S01E01',
      matchConfidence: 0.95,
      matchSource: 'local_asr',
    });
    expect(t1).toMatchObject({ state: 'review', matchedEpisode: 'S01E02', matchConfidence: 0.6 });
    expect(outcome).toMatchObject({ kind: 'review', about: 'titles', resumeAt: 'organizing' });
    expect(outcome.kind === 'review' && outcome.reason).toMatch(
      /^1 title\(s\) could not be matched with enough confidence/,
    );
  });

  it('an answer exactly at the threshold is accepted; every title accepted lets the job go on', async () => {
    const asked: string[] = [];
    const { w, job } = await setup([matcher('asr', { 0: episode(1, 0.8), 1: episode(2, 0.99) }, asked)], ripped(2));
    expect(await matchStep(job, w.stepDeps())).toEqual({ kind: 'next' });
    expect((await w.titles.listByJob(job.id)).map((t) => t.state)).toEqual(['matched', 'matched']);
    expect((await w.jobs.get(job.id))!.progressPercent).toBe(100);
  });

  it('without any answer a title goes to review with nothing claimed (never a guess)', async () => {
    const { w, job } = await setup([matcher('asr', {}, [])], ripped(1));
    const outcome = await matchStep(job, w.stepDeps());
    expect((await w.titles.listByJob(job.id))[0]).toMatchObject({
      state: 'review',
      matchedEpisode: null,
      matchConfidence: null,
    });
    expect(outcome.kind).toBe('review');
  });

  it('matches at most max_concurrent_matches titles at once, taken in title order', async () => {
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const slow: Matcher = {
      async match(request: MatchInput) {
        started.push(request.title.titleIndex);
        most = Math.max(most, ++active);
        for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
        active--;
        return episode(request.title.titleIndex + 1, 0.9);
      },
    } as Matcher;
    // Stored out of order: the queue is still taken by title index.
    const titles = [3, 0, 4, 1, 2].map((i) => ({
      titleIndex: i,
      durationSeconds: 1300 + i,
      sizeBytes: 1,
      state: 'queued' as const,
      filePath: `/s/t${i}.mkv`,
    }));
    const { w, job } = await setup([slow], titles, { max_concurrent_matches: 2 });
    expect(await matchStep(job, w.stepDeps())).toEqual({ kind: 'next' });
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the episode a person decided: no matcher is asked about that title', async () => {
    const asked: string[] = [];
    const decided = { ...episode(5, 1, 'user_review') };
    const { w, job } = await setup(
      [matcher('asr', { 1: episode(2, 0.9) }, asked)],
      [
        {
          titleIndex: 0,
          durationSeconds: 1300,
          sizeBytes: 1,
          state: 'queued',
          filePath: '/s/t0.mkv',
          matchSource: 'user_review',
          matchDetailsJson: JSON.stringify(decided),
        },
        { titleIndex: 1, durationSeconds: 1301, sizeBytes: 1, state: 'queued', filePath: '/s/t1.mkv' },
      ],
    );
    expect(await matchStep(job, w.stepDeps())).toEqual({ kind: 'next' });
    expect(asked).toEqual(['asr:1']);
    expect((await w.titles.listByJob(job.id))[0]).toMatchObject({
      state: 'matched',
      matchedEpisode: 'S01E05',
      matchSource: 'user_review',
    });
  });

  it('puts titles a restart caught MATCHING back in line and matches each once; titles already decided are left alone', async () => {
    const asked: string[] = [];
    const { w, job } = await setup(
      [matcher('asr', { 0: episode(1, 0.9), 1: episode(2, 0.9) }, asked)],
      [
        { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1, state: 'matching', filePath: '/s/t0.mkv' },
        { titleIndex: 1, durationSeconds: 1301, sizeBytes: 1, state: 'queued', filePath: '/s/t1.mkv' },
        {
          titleIndex: 2,
          durationSeconds: 1302,
          sizeBytes: 1,
          state: 'matched',
          filePath: '/s/t2.mkv',
          matchedEpisode: 'S01E03',
          matchConfidence: 0.9,
          matchDetailsJson: JSON.stringify(episode(3, 0.9)),
        },
      ],
    );
    expect(await matchStep(job, w.stepDeps())).toEqual({ kind: 'next' });
    expect(asked).toEqual(['asr:0', 'asr:1']);
    const titleStates = w.emitted
      .filter((e) => e.name === 'title.updated' && e.payload.titleIndex === 0)
      .map((e) => e.payload.state);
    expect(titleStates.slice(0, 3)).toEqual(['queued', 'matching', 'matched']); // then the disc-wide pass confirms it
  });

  it('two titles claiming the same episode go to review naming it', async () => {
    const { w, job } = await setup([matcher('asr', { 0: episode(1, 0.9), 1: episode(1, 0.85) }, [])], ripped(2));
    const outcome = await matchStep(job, w.stepDeps());
    expect(outcome.kind).toBe('review');
    expect(outcome.kind === 'review' && outcome.reason).toMatch(/several titles claim S01E01/);
    expect((await w.titles.listByJob(job.id)).some((t) => t.state === 'review')).toBe(true);
  });

  it('a matcher that throws fails the step with its error, and no title after it is accepted', async () => {
    const broken: Matcher = {
      async match(request: MatchInput) {
        if (request.title.titleIndex === 1) throw new Error('the transcriber crashed');
        return episode(request.title.titleIndex + 1, 0.9);
      },
    } as Matcher;
    const { w, job } = await setup([broken], ripped(3));
    await expect(matchStep(job, w.stepDeps())).rejects.toThrow('the transcriber crashed');
    const states = (await w.titles.listByJob(job.id)).map((t) => t.state);
    expect(states[0]).toBe('matched');
    expect(states.slice(1)).not.toContain('matched'); // the runner then fails what is unfinished (pipeline-runner-failure.test.ts)
  });

  it('stops when the job is aborted: no further title is matched', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    const aborting: Matcher = {
      async match(request: MatchInput) {
        asked.push(`asr:${request.title.titleIndex}`);
        controller.abort(new Error('Cancelled by user'));
        return episode(request.title.titleIndex + 1, 0.9);
      },
    } as Matcher;
    const { w, job } = await setup([aborting], ripped(3));
    await expect(matchStep(job, w.stepDeps(controller.signal))).rejects.toThrow('Cancelled by user');
    expect(asked).toEqual(['asr:0']);
  });
});
