/**
 * The organizing step alone, against a fake organizer (pipeline-fakes.ts): only matched titles are
 * planned, a plan asking for decisions parks the job before anything moves, skips are recorded
 * with who decided, a failed file fails the step naming every title, and the library path is kept.
 */
import type { OrganizeInput, OrganizeOutcome, OrganizePlan, Organizer, PlannedMove } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import type { NewTitle } from '../../src/persistence/records.ts';
import { organizeStep } from '../../src/pipeline/steps/organize-step.ts';
import { pipelineWorld } from './pipeline-fakes.ts';

const match = (ep: number, kind: 'episode' | 'extra' = 'episode') =>
  JSON.stringify({
    kind,
    season: kind === 'episode' ? 1 : null,
    episode: kind === 'episode' ? ep : null,
    episodeEnd: null,
    edition: null,
    confidence: 0.95,
    source: 'local_asr',
    components: [],
    candidates: [],
  });

const matched = (i: number, extra: Partial<NewTitle> = {}): NewTitle => ({
  titleIndex: i,
  durationSeconds: 1300 + i,
  sizeBytes: 1,
  state: 'matched',
  filePath: `/staging/t${i}.mkv`,
  matchedEpisode: `S01E0${i + 1}`,
  matchDetailsJson: match(i + 1),
  ...extra,
});

/** An organizer whose plan is `moves(input)`, and whose apply answers `results` (moved by default), recording the calls. */
function organizer(
  moves: (input: OrganizeInput) => PlannedMove[],
  results: Record<number, Partial<OrganizeOutcome['titles'][number]>> = {},
) {
  const calls: string[] = [];
  const impl: Organizer = {
    async plan(input) {
      calls.push(`plan ${input.titles.map((t) => t.titleIndex).join(',')}`);
      return { moves: moves(input) };
    },
    async apply(plan: OrganizePlan) {
      calls.push(
        `apply ${plan.moves
          .filter((m) => m.action === 'move')
          .map((m) => m.titleIndex)
          .join(',')}`,
      );
      return {
        libraryPath: '/library/TV/Show',
        titles: plan.moves.map((m) => ({
          titleIndex: m.titleIndex,
          status: m.action === 'move' ? 'moved' : 'skipped',
          path: m.to,
          message: null,
          ...results[m.titleIndex],
        })),
      } as OrganizeOutcome;
    },
  };
  return { impl, calls };
}

const moveAll = (input: OrganizeInput): PlannedMove[] =>
  input.titles.map((t) => ({
    titleIndex: t.titleIndex,
    from: t.filePath,
    to: `/library/TV/Show/S01E0${t.titleIndex + 1}.mkv`,
    action: 'move',
    reason: null,
  }));

/** A plan that moves every title to `othersTo` but gives title 1 its own move (`to`, `action`, `reason`). */
const titleOneApart =
  (titleOne: Pick<PlannedMove, 'to' | 'action' | 'reason'>, othersTo: string) =>
  (input: OrganizeInput): PlannedMove[] =>
    input.titles.map((t) =>
      t.titleIndex === 1
        ? { titleIndex: 1, from: t.filePath, ...titleOne }
        : { titleIndex: t.titleIndex, from: t.filePath, to: othersTo, action: 'move', reason: null },
    );

async function setup(org: Organizer | undefined, titles: NewTitle[], config: Record<string, unknown> = {}) {
  const w = pipelineWorld({
    config: { library_tv_path: '/library/TV', library_movies_path: '/library/Movies', ...config },
    stages: org ? { organizer: org } : {},
  });
  const { job } = await w.seed('organizing', { contentType: 'tv', detectedTitle: 'Show', detectedSeason: 1 }, titles);
  return { w, job };
}

describe('organizing step', () => {
  it('plans only matched titles with a file, files them, and records each title completed with its library path', async () => {
    const org = organizer(moveAll);
    const { w, job } = await setup(org.impl, [
      matched(0),
      matched(1),
      { titleIndex: 2, durationSeconds: 20, sizeBytes: 1, state: 'pending', selected: false },
      matched(3, { filePath: null }),
    ]);
    const outcome = await organizeStep(job, w.stepDeps());
    expect(org.calls).toEqual(['plan 0,1', 'apply 0,1']);
    expect(outcome).toEqual({ kind: 'next', patch: { libraryPath: '/library/TV/Show' } });
    const titles = await w.titles.listByJob(job.id);
    expect(titles.map((t) => [t.titleIndex, t.state, t.organizedPath])).toEqual([
      [0, 'completed', '/library/TV/Show/S01E01.mkv'],
      [1, 'completed', '/library/TV/Show/S01E02.mkv'],
      [2, 'pending', null],
      [3, 'matched', null],
    ]);
    expect(w.contexts).toEqual(['organize:organizer-0']);
  });

  it('a plan asking for decisions parks the job before anything moves, with each title and its reason', async () => {
    const org = organizer(
      titleOneApart(
        { to: '/library/x.mkv', action: 'review', reason: 'a file already exists at /library/x.mkv' },
        '/library/y.mkv',
      ),
    );
    const { w, job } = await setup(org.impl, [matched(0), matched(1)]);
    const outcome = await organizeStep(job, w.stepDeps());
    expect(org.calls).toEqual(['plan 0,1']); // nothing applied
    expect(outcome).toEqual({
      kind: 'review',
      reason: 'Organizing needs decisions — title 1: a file already exists at /library/x.mkv',
      about: 'organize',
      resumeAt: 'organizing',
    });
    expect((await w.titles.listByJob(job.id)).map((t) => t.state)).toEqual(['matched', 'review']);
  });

  it('records every skip on its title (reason and who decided) before anything moves', async () => {
    const org = organizer(
      titleOneApart({ to: null, action: 'skip', reason: 'extras are skipped (extras_policy skip)' }, '/library/a.mkv'),
    );
    const { w, job } = await setup(org.impl, [
      matched(0),
      matched(1, { isExtra: true, matchDetailsJson: match(0, 'extra'), matchedEpisode: null }),
    ]);
    expect((await organizeStep(job, w.stepDeps())).kind).toBe('next');
    const skipped = (await w.titles.listByJob(job.id))[1]!;
    expect(skipped.organizedPath).toBeNull();
    expect(skipped.discardReason).toBeTruthy();
    expect(skipped.discardedBy).not.toBeNull();
    expect(skipped.discardedBy).not.toBe('person'); // a setting decided, not a person
  });

  it('a plan that would file nothing while a rule left every title out asks a person instead of finishing empty', async () => {
    const org = organizer((input) =>
      input.titles.map((t) => ({
        titleIndex: t.titleIndex,
        from: t.filePath,
        to: null,
        action: 'skip',
        reason: 'extras are skipped',
      })),
    );
    const { w, job } = await setup(org.impl, [
      matched(0, { isExtra: true, matchDetailsJson: match(0, 'extra'), matchedEpisode: null }),
    ]);
    const outcome = await organizeStep(job, w.stepDeps());
    expect(outcome).toMatchObject({ kind: 'review', about: 'nothing_filed', resumeAt: 'organizing' });
    expect(org.calls).toEqual(['plan 0']);
  });

  it('a file that could not be filed fails that title and the step, naming every failure; the others are completed', async () => {
    const org = organizer(moveAll, {
      1: { status: 'failed', path: null, message: 'the disk holding /library is full' },
    });
    const { w, job } = await setup(org.impl, [matched(0), matched(1)]);
    await expect(organizeStep(job, w.stepDeps())).rejects.toThrow(
      'Organizing failed for 1 title(s): title 1: the disk holding /library is full',
    );
    expect((await w.titles.listByJob(job.id)).map((t) => t.state)).toEqual(['completed', 'failed']);
  });

  it('says what is missing: no organizer, or no library folder for the content type', async () => {
    const none = await setup(undefined, [matched(0)]);
    await expect(organizeStep(none.job, none.w.stepDeps())).rejects.toMatchObject({ code: 'no_organizer_configured' });
    const noLibrary = await setup(organizer(moveAll).impl, [matched(0)], { library_tv_path: null });
    await expect(organizeStep(noLibrary.job, noLibrary.w.stepDeps())).rejects.toMatchObject({
      code: 'library_path_unset',
      message: expect.stringContaining('library_tv_path'),
    });
    expect((await noLibrary.w.titles.listByJob(noLibrary.job.id))[0]!.state).toBe('matched');
  });
});
