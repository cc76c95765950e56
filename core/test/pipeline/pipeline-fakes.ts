/**
 * Fakes of the pipeline's ports for unit tests of the runner and the steps: the job world of
 * job-fakes.ts (memory repositories, the real JobService, every event recorded), the real
 * configuration defaults with a test's overrides, a real StageResolver over in-memory stage
 * implementations, and StepDeps that record which stage asked for a context. No HTTP, no database.
 */
import type { Identifier, Matcher, Organizer, Ripper, SourceKind, StageContext } from '@spindle/plugin-sdk';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config/app-config-fields.ts';
import { APP_CONFIG_FIELD_NAMES, PIPELINE_DEFAULT } from '../../src/config/app-config-fields.ts';
import { defaultValue } from '../../src/config/config-values.ts';
import type { NewTitle } from '../../src/persistence/records.ts';
import { PipelineRunner } from '../../src/pipeline/pipeline-runner.ts';
import { StageResolver } from '../../src/pipeline/stage-resolver.ts';
import type { StepDeps } from '../../src/pipeline/step-deps.ts';
import type { StepTable } from '../../src/pipeline/step-table.ts';
import type { ConfigReader, PluginContextFactory } from '../../src/plugins/plugin-context-factory.ts';
import type { ImplementationRecord } from '../../src/plugins/plugin-registry.ts';
import type { SubtitleService } from '../../src/subtitles/subtitle-service.ts';
import { jobWorld } from '../jobs/job-fakes.ts';

/** The stage implementations a test configures, by the id the pipeline names them with. */
export interface FakeStages {
  rippers?: Partial<Record<SourceKind, Ripper>>;
  identifiers?: Identifier[];
  matchers?: Matcher[];
  organizer?: Organizer;
}

/** Every configuration field at its default, with the test's overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config = Object.fromEntries(
    APP_CONFIG_FIELD_NAMES.map((field) => [field, defaultValue(field)]),
  ) as unknown as AppConfig;
  return { ...config, ...overrides };
}

/** A real StageResolver whose chains hold the given implementations (ids: `identifier-0`, `matcher-1`, …). */
export function fakeResolver(stages: FakeStages): StageResolver {
  const impls = new Map<string, unknown>();
  const ids = <T>(kind: string, list: T[] | undefined) =>
    (list ?? []).map((impl, i) => (impls.set(`${kind}:${kind}-${i}`, impl), `${kind}-${i}`));
  const rippers: Record<string, string> = {};
  for (const [source, impl] of Object.entries(stages.rippers ?? {})) {
    impls.set(`ripper:ripper-${source}`, impl);
    rippers[source] = `ripper-${source}`;
  }
  if (stages.organizer) impls.set('organizer:organizer-0', stages.organizer);
  const pipeline = {
    ...PIPELINE_DEFAULT,
    detectors: [],
    identifiers: ids('identifier', stages.identifiers),
    rippers,
    matchers: ids('matcher', stages.matchers),
    organizer: stages.organizer ? 'organizer-0' : null,
    contributors: [],
    providers: {},
  } as unknown as Parameters<typeof StageResolver.fromResolved>[0];
  return StageResolver.fromResolved(pipeline, (_group, kind, id) => {
    const impl = impls.get(`${kind}:${id}`);
    if (!impl) throw new Error(`no fake ${kind} ${id}`);
    return { record: { id, kind } as unknown as ImplementationRecord, impl };
  });
}

/** The pipeline's world: a job world, a configuration, stages, and StepDeps or a runner built over them. */
export function pipelineWorld(
  options: { config?: Partial<AppConfig>; stages?: FakeStages; subtitles?: Partial<SubtitleService> } = {},
) {
  const w = jobWorld();
  let config = testConfig(options.config);
  const reader: ConfigReader = { get: () => config } as ConfigReader;
  const resolver = fakeResolver(options.stages ?? {});
  /** Every context handed out, as `stage:implementation id` (which stage asked, in order). */
  const contexts: string[] = [];
  const workRoot = mkdtempSync(join(tmpdir(), 'spindle-pipeline-unit-'));
  const subtitles = options.subtitles as SubtitleService | undefined;

  const stepDeps = (signal: AbortSignal = new AbortController().signal): StepDeps => ({
    jobs: w.jobs,
    bus: w.bus,
    titles: w.titles,
    jobService: w.service,
    resolver,
    config: reader,
    logger: w.logger,
    ...(subtitles ? { subtitles } : {}),
    signal,
    context: async (record, _job, stage, progress) => {
      contexts.push(`${stage}:${record.id}`);
      return {
        signal,
        progress: progress ?? { report: () => undefined },
        workDir: workRoot,
        logger: w.logger,
      } as unknown as StageContext;
    },
  });

  const contextFactory = {
    stage: (record: ImplementationRecord, call: { signal: AbortSignal; progress: unknown; workDir: string }) => {
      contexts.push(`stage:${record.id}`);
      return {
        signal: call.signal,
        progress: call.progress,
        workDir: call.workDir,
        logger: w.logger,
      } as unknown as StageContext;
    },
  } as unknown as PluginContextFactory;

  const runner = (steps: StepTable) =>
    new PipelineRunner({
      jobs: w.jobs,
      bus: w.bus,
      titles: w.titles,
      jobService: w.service,
      resolver,
      contexts: contextFactory,
      config: reader,
      logger: w.logger,
      workRoot,
      steps: { stepsFor: () => steps },
      ...(subtitles ? { subtitles } : {}),
    });

  return {
    ...w,
    resolver,
    contexts,
    workRoot,
    stepDeps,
    runner,
    /** Changes the configuration as a settings save would (the next config.get() sees it). */
    configure: (patch: Partial<AppConfig>) => (config = { ...config, ...patch }),
    config: () => config,
  };
}

/** Titles as a scan would store them: pending, selected, about 22 minutes each. */
export const pendingTitles = (count: number, extra: Partial<NewTitle> = {}): NewTitle[] =>
  Array.from({ length: count }, (_, i) => ({
    titleIndex: i,
    durationSeconds: 1300 + i,
    sizeBytes: 1000 + i,
    state: 'pending',
    selected: true,
    ...extra,
  }));

/** A promise with its resolve, for a stage that waits until the test lets it go. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((r) => (open = r));
  return { promise, open };
}

/** Waits (without a wall-clock limit of its own) until `check` holds; each turn yields to the event loop. */
export async function until(check: () => boolean | Promise<boolean>, what: string, turns = 10_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}
