/**
 * Starting a plugin's detector the way the core does, for tests that watch what it reports: each
 * start gets a fresh fake context and a RecordingSink; `dispose()` stops and removes them all.
 */
import type { JsonObject } from '../context.ts';
import type { Detector } from '../stages/detector.ts';
import { createStage } from './create-stage.ts';
import { createFakeContext, type FakeContext } from './fake-context.ts';
import type { MemoryKeyValueStore } from './memory-store.ts';
import { RecordingSink } from './recording-sink.ts';

export interface DetectorStartOptions {
  /** The plugin's settings, given to the factory and the context alike. */
  settings?: JsonObject;
  /** The platform the host reports (default: this machine's). */
  platform?: NodeJS.Platform;
  /** The plugin's store (share one between starts to play a restart); default: an empty one. */
  store?: MemoryKeyValueStore;
  /** A detector already created (to start the same one again); default: a new one from the plugin. */
  detector?: Detector;
}

export interface StartedDetector {
  detector: Detector;
  sink: RecordingSink;
  ctx: FakeContext;
}

export class DetectorRuns {
  private readonly contexts: FakeContext[] = [];

  /** `envelope`: what the plugin default-exports; `id`: its detector's implementation id. */
  constructor(
    private readonly envelope: unknown,
    private readonly id: string,
  ) {}

  /** Creates (unless given) and starts the detector; resolves once its `start()` has returned. */
  async start(options: DetectorStartOptions = {}): Promise<StartedDetector> {
    const settings = options.settings ?? {};
    const detector = options.detector ?? (await createStage(this.envelope, 'detector', this.id, { settings }));
    const ctx = await createFakeContext({
      settings,
      ...(options.store ? { store: options.store } : {}),
      ...(options.platform ? { host: { platform: options.platform } } : {}),
    });
    this.contexts.push(ctx);
    const sink = new RecordingSink();
    await detector.start(sink, ctx);
    return { detector, sink, ctx };
  }

  /** Aborts every context started so far (which stops their detectors) and removes their folders. */
  async dispose(): Promise<void> {
    for (const ctx of this.contexts.splice(0)) await ctx.dispose();
  }
}
