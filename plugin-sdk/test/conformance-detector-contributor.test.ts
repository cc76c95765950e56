import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SubtitleError, throwIfAborted, type Contributor, type Detector } from '../src/index.ts';
import {
  assertConformance,
  ConformanceError,
  contributorConformance,
  detectorConformance,
  type FakeContext,
} from '../src/testing/index.ts';

/** Polls `<workDir>/staging` for folders; the flawed one never stops polling. */
function pollingDetector(flaws: { ignoreAbort?: boolean; emptyLabel?: boolean } = {}): Detector {
  return {
    async start(sink, ctx) {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      const staging = join(ctx.workDir, 'staging');
      const seen = new Set<string>();
      const timer = setInterval(async () => {
        const { readdir } = await import('node:fs/promises');
        for (const name of await readdir(staging).catch(() => [])) {
          if (seen.has(name) && !flaws.ignoreAbort) continue;
          seen.add(name);
          await sink.stagingFolderReady({ path: join(staging, name), volumeLabel: flaws.emptyLabel ? '' : name });
        }
      }, 20);
      if (!flaws.ignoreAbort) ctx.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
      sink.status(`watching ${staging}`);
    },
  };
}

const trigger = async ({ ctx, round }: { ctx: FakeContext; round: number }) => {
  await mkdir(join(ctx.workDir, 'staging', `SHOW_S1_D${round}`), { recursive: true });
};

async function failuresOf(checks: Promise<string[]>): Promise<ConformanceError> {
  const error = await checks.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe('detector conformance suite', () => {
  it('passes a detector that stops when aborted', async () => {
    expect(
      await assertConformance(detectorConformance({ create: () => pollingDetector(), trigger, quietMs: 150 })),
    ).toHaveLength(4);
  });

  it('fails a detector that keeps reporting and holds its timer after abort', async () => {
    const error = await failuresOf(
      assertConformance(
        detectorConformance({ create: () => pollingDetector({ ignoreAbort: true }), trigger, quietMs: 150 }),
      ),
    );
    const names = error.failures.map((f) => f.name);
    expect(names).toContain('detector: stops reporting and releases timers and watchers once aborted');
    expect(names).toContain('detector: an already-aborted signal rejects with a coded error or watches nothing');
    expect(error.message).toContain('reported stagingFolderReady after its signal was aborted');
  });

  it('fails a detector that reports an empty volume label', async () => {
    const error = await failuresOf(
      assertConformance(
        detectorConformance({ create: () => pollingDetector({ emptyLabel: true }), trigger, quietMs: 150 }),
      ),
    );
    expect(error.message).toContain('stagingFolderReady.volumeLabel must not be empty');
  });
});

function loggingContributor(
  flaws: { plainError?: boolean; ignoreAbort?: boolean; progress?: number } = {},
): Contributor {
  return {
    async jobCompleted(input, ctx) {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      const matched = input.titles.filter((t) => t.match !== null);
      if (matched.length === 0) {
        if (flaws.plainError) throw new Error('nothing to contribute');
        throw new SubtitleError('nothing_to_contribute', 'No matched titles');
      }
      await ctx.store.set(`job:${input.job.id}`, matched.length);
      ctx.progress.report({ fraction: flaws.progress ?? 1 });
    },
  };
}

describe('contributor conformance suite', () => {
  it('passes a well-behaved contributor', async () => {
    expect(await assertConformance(contributorConformance({ create: () => loggingContributor() }))).toHaveLength(3);
  });

  it('fails a contributor that throws a plain Error, ignores abort or overshoots progress', async () => {
    const plain = await failuresOf(
      assertConformance(contributorConformance({ create: () => loggingContributor({ plainError: true }) })),
    );
    expect(plain.message).toContain('threw Error: nothing to contribute');
    const abort = await failuresOf(
      assertConformance(contributorConformance({ create: () => loggingContributor({ ignoreAbort: true }) })),
    );
    expect(abort.failures.map((f) => f.name)).toEqual([
      'contributor: an aborted signal rejects quickly with a coded error',
    ]);
    const progress = await failuresOf(
      assertConformance(contributorConformance({ create: () => loggingContributor({ progress: 2 }) })),
    );
    expect(progress.message).toContain('fraction 2 is outside 0–1');
  });
});
