/** Conformance checks for a Detector: starts promptly, reports well-formed events, stops on abort. */
import type { JsonObject } from '../../context.ts';
import type { Detector } from '../../stages/detector.ts';
import type { FakeContext, FakeContextOptions } from '../fake-context.ts';
import { RecordingSink, type Detection } from '../recording-sink.ts';
import {
  assertNoProblems,
  describeError,
  fail,
  invoke,
  settleWithin,
  uncodedErrorProblem,
  withContext,
  type ConformanceCheck,
} from './check.ts';
import { Problems } from './problems.ts';

export interface DetectorConformanceOptions {
  create: () => Detector | Promise<Detector>;
  /** Makes the detector see something (drop a folder into staging, replay an insert). Optional. */
  trigger?: (env: { ctx: FakeContext; round: number }) => Promise<void>;
  context?: FakeContextOptions<JsonObject>;
  startWithinMs?: number;
  /** How long to wait for a report after a trigger (default 5000 ms). */
  reportWithinMs?: number;
  /** How long no report may arrive after an abort (default 400 ms). */
  quietMs?: number;
}

const WATCHED_RESOURCES = new Set([
  'Timeout',
  'Immediate',
  'FSEventWrap',
  'StatWatcher',
  'ProcessWrap',
  'TCPServerWrap',
  'TCPSocketWrap',
  'UDPWrap',
]);
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function activeResources(): number {
  return process.getActiveResourcesInfo().filter((r) => WATCHED_RESOURCES.has(r)).length;
}

export function validateDetection(d: Detection): string[] {
  const p = new Problems();
  const e = d.event as unknown as Record<string, unknown>;
  if (d.type === 'stagingFolderReady') {
    p.string(`${d.type}.path`, e.path, { nonEmpty: true });
    p.string(`${d.type}.volumeLabel`, e.volumeLabel, { nonEmpty: true });
    return p.list;
  }
  p.string(`${d.type}.driveId`, e.driveId, { nonEmpty: true });
  if (d.type === 'discInserted') {
    p.string(`${d.type}.volumeLabel`, e.volumeLabel);
    p.string(`${d.type}.path`, e.path, { nullable: true });
    p.string(`${d.type}.device`, e.device, { nullable: true });
    if (e.contentHash !== undefined)
      p.string(`${d.type}.contentHash`, e.contentHash, { nullable: true, pattern: /^[0-9A-F]{32}$/ });
  }
  return p.list;
}

export function detectorConformance(options: DetectorConformanceOptions): ConformanceCheck[] {
  const startMs = options.startWithinMs ?? 5000;
  const reportMs = options.reportWithinMs ?? 5000;
  const quietMs = options.quietMs ?? 400;

  const start = async (detector: Detector, sink: RecordingSink, ctx: FakeContext): Promise<void> => {
    const outcome = await settleWithin(
      Promise.resolve().then(() => detector.start(sink, ctx)),
      startMs,
    );
    if (outcome.state === 'pending')
      fail(`start() did not resolve within ${startMs} ms; it must return once watching has begun`);
    if (outcome.state === 'rejected')
      fail(uncodedErrorProblem('start()', outcome.error) ?? `start() failed: ${describeError(outcome.error)}`);
    for (const text of sink.statuses)
      if (typeof text !== 'string' || text.trim() === '') fail('status() was called with empty text');
  };
  const expectQuiet = async (sink: RecordingSink, ctx: FakeContext, round: number, what: string) => {
    const seen = sink.detections.length;
    if (options.trigger) await options.trigger({ ctx, round });
    await delay(quietMs);
    if (sink.detections.length > seen)
      fail(`${what}: the detector reported ${sink.detections[seen]!.type} after its signal was aborted`);
  };

  const checks: ConformanceCheck[] = [
    {
      name: 'detector: start resolves once watching has begun',
      async run() {
        const detector = await invoke('create()', options.create);
        await withContext(options.context, (ctx) => start(detector, new RecordingSink(), ctx));
      },
    },
    {
      name: 'detector: stops reporting and releases timers and watchers once aborted',
      async run() {
        const detector = await invoke('create()', options.create);
        const baseline = activeResources();
        const sink = new RecordingSink();
        await withContext(options.context, async (ctx) => {
          await start(detector, sink, ctx);
          ctx.abort();
          await delay(50);
          await expectQuiet(sink, ctx, 2, 'after abort');
        });
        const left = activeResources() - baseline;
        if (left > 0)
          fail(`${left} timer(s)/watcher(s) are still active after the abort; release them when ctx.signal fires`);
      },
    },
    {
      name: 'detector: an already-aborted signal rejects with a coded error or watches nothing',
      async run() {
        const detector = await invoke('create()', options.create);
        const sink = new RecordingSink();
        await withContext({ ...options.context, aborted: true }, async (ctx) => {
          const outcome = await settleWithin(
            Promise.resolve().then(() => detector.start(sink, ctx)),
            startMs,
          );
          if (outcome.state === 'pending') fail(`start() with an aborted signal did not settle within ${startMs} ms`);
          if (outcome.state === 'rejected') {
            const problem = uncodedErrorProblem('start()', outcome.error);
            if (problem) fail(problem);
            return;
          }
          await expectQuiet(sink, ctx, 1, 'started with an aborted signal');
        });
      },
    },
  ];
  if (options.trigger) {
    const trigger = options.trigger;
    checks.splice(1, 0, {
      name: 'detector: reports a well-formed event after the trigger',
      async run() {
        const detector = await invoke('create()', options.create);
        const sink = new RecordingSink();
        await withContext(options.context, async (ctx) => {
          await start(detector, sink, ctx);
          await trigger({ ctx, round: 1 });
          if (!(await sink.waitFor(1, reportMs))) fail(`no report within ${reportMs} ms of the trigger`);
          sink.detections.forEach((d, i) => assertNoProblems(`report #${i + 1} (${d.type})`, validateDetection(d)));
          ctx.abort();
        });
      },
    });
  }
  return checks;
}
