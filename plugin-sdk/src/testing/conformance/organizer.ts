/** Conformance checks for an Organizer: plan shape, no side effects while planning, safe apply. */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from '../../context.ts';
import type { Organizer } from '../../stages/organizer.ts';
import type { OrganizeInput } from '../../values.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { writeSampleOrganizeInput } from '../sample-values.ts';
import {
  assertNoProblems,
  assertProgress,
  abortExpectation,
  fail,
  invoke,
  invokeMayFail,
  snapshot,
  withContext,
  withoutChanging,
  type ConformanceCheck,
} from './check.ts';
import { validateOrganizeOutcome, validateOrganizePlan } from './validate-organize.ts';

export interface OrganizerConformanceOptions {
  create: () => Organizer | Promise<Organizer>;
  /** Writes staging files under `root` and returns the input (default: writeSampleOrganizeInput). */
  input?: (root: string) => Promise<OrganizeInput>;
  context?: FakeContextOptions<JsonObject>;
  abortWithinMs?: number;
}

/** Path → content digest of every file under a folder ("dir" for folders). */
async function inventory(root: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) entries.set(path, 'dir');
    else if (entry.isFile())
      entries.set(
        path,
        createHash('sha256')
          .update(await readFile(path))
          .digest('hex'),
      );
  }
  return new Map([...entries].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function organizerConformance(options: OrganizerConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  const prepare = options.input ?? writeSampleOrganizeInput;
  const withInput = async (fn: (input: OrganizeInput, root: string, organizer: Organizer) => Promise<void>) => {
    const root = await mkdtemp(join(tmpdir(), 'spindle-organizer-conformance-'));
    try {
      const organizer = await invoke('create()', options.create);
      await fn(await prepare(root), root, organizer);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };

  return [
    {
      name: 'organizer: plan covers every title once, inside the library, without touching files',
      async run() {
        await withInput(async (input, root, organizer) => {
          await withContext(options.context, async (ctx) => {
            const before = await inventory(root);
            const plan = await withoutChanging('plan()', input, () =>
              invoke('plan()', () => organizer.plan(input, ctx)),
            );
            assertNoProblems('plan() result', validateOrganizePlan(plan, input));
            if (snapshot([...(await inventory(root))]) !== snapshot([...before]))
              fail('plan() changed files or folders on disk; only apply() may');
            if (!plan.moves.some((m) => m.action === 'move')) fail('plan() moves nothing for the test input');
            assertProgress('plan()', ctx);
          });
        });
      },
    },
    {
      name: 'organizer: apply moves files intact, leaves skipped ones, reports each title',
      async run() {
        await withInput(async (input, root, organizer) => {
          await withContext(options.context, async (ctx) => {
            const plan = await invoke('plan()', () => organizer.plan(input, ctx));
            const before = await inventory(root);
            const outcome = await invoke('apply()', () => organizer.apply(plan, ctx));
            assertNoProblems('apply() result', validateOrganizeOutcome(outcome, plan));
            const after = await inventory(root);
            for (const move of plan.moves) {
              const reported = outcome.titles.find((t) => t.titleIndex === move.titleIndex);
              if (move.action === 'move' && reported?.status === 'moved' && move.to) {
                if (after.get(move.to) !== before.get(move.from))
                  fail(`${move.to} does not hold the content of ${move.from}`);
                if (after.has(move.from)) fail(`${move.from} is still in staging after being moved`);
              } else if (after.get(move.from) !== before.get(move.from)) {
                fail(`${move.from} was not moved but changed or vanished`);
              }
            }
            assertProgress('apply()', ctx);
          });
        });
      },
    },
    {
      name: 'organizer: apply with a vanished source file fails that title (coded) without creating its target',
      async run() {
        await withInput(async (input, _root, organizer) => {
          await withContext(options.context, async (ctx) => {
            const plan = await invoke('plan()', () => organizer.plan(input, ctx));
            const move = plan.moves.find((m) => m.action === 'move');
            if (!move?.to) fail('plan() moves nothing for the test input');
            await unlink(move.from);
            const outcome = await invokeMayFail('apply() with a missing source', () => organizer.apply(plan, ctx));
            if (outcome.ok) {
              const status = outcome.value.titles.find((t) => t.titleIndex === move.titleIndex)?.status;
              if (status !== 'failed')
                fail(`apply() reported "${String(status)}" for a title whose file is gone; expected "failed"`);
            }
            if (
              (await inventory(input.libraryTvPath)).has(move.to) ||
              (await inventory(input.libraryMoviesPath)).has(move.to)
            ) {
              fail(`apply() created ${move.to} although its source was missing`);
            }
          });
        });
      },
    },
    {
      name: 'organizer: an aborted signal rejects plan and apply quickly and loses no file',
      async run() {
        await withInput(async (input, root, organizer) => {
          const plan = await withContext(options.context, (ctx) => invoke('plan()', () => organizer.plan(input, ctx)));
          const before = await inventory(root);
          await withContext({ ...options.context, aborted: true }, async (ctx) => {
            await expectAbort('plan()', () => organizer.plan(input, ctx));
            await expectAbort('apply()', () => organizer.apply(plan, ctx));
          });
          const after = await inventory(root);
          for (const [path, digest] of before)
            if (after.get(path) !== digest) fail(`aborted apply() changed or removed ${path}`);
        });
      },
    },
  ];
}
