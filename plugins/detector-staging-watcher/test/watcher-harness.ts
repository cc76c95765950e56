/** Shared by the watcher tests: temp staging folders, a started watcher, folders dropped in. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import {
  createFakeContext,
  createStage,
  MemoryKeyValueStore,
  RecordingSink,
  type FakeContext,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

export const POLL_MS = 100;
export const root = await mkdtemp(join(tmpdir(), 'staging-watcher-'));
let counter = 0;
export const nextId = () => ++counter;
const running: FakeContext[] = [];

afterEach(async () => {
  for (const ctx of running.splice(0)) await ctx.dispose();
});
afterAll(() => rm(root, { recursive: true, force: true }));

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh staging folder for one test. */
export async function stagingFolder(): Promise<string> {
  const path = join(root, `staging-${++counter}`);
  await mkdir(path);
  return path;
}

export interface Started {
  sink: RecordingSink;
  ctx: FakeContext;
}

export async function startWatcher(
  staging: string | null,
  options: { enabled?: boolean; store?: MemoryKeyValueStore; pollSeconds?: number; sink?: RecordingSink } = {},
): Promise<Started> {
  const detector = await createStage(plugin, 'detector', 'staging-watcher');
  const ctx = await createFakeContext({
    settings: { stable_polls: 2, use_polling: false },
    store: options.store ?? new MemoryKeyValueStore(),
    appSettings: {
      staging_watch_enabled: options.enabled ?? true,
      staging_path: staging,
      staging_poll_interval_seconds: options.pollSeconds ?? POLL_MS / 1000,
    },
  });
  running.push(ctx);
  const sink = options.sink ?? new RecordingSink();
  await detector.start(sink, ctx);
  return { sink, ctx };
}

export async function dropFolder(
  staging: string,
  name: string,
  files: Record<string, string> = { 'title_t00.mkv': 'matroska' },
): Promise<string> {
  const folder = join(staging, name);
  await mkdir(folder, { recursive: true });
  for (const [file, content] of Object.entries(files)) await writeFile(join(folder, file), content);
  return folder;
}

export const labels = (sink: RecordingSink) =>
  sink.detections.map((d) => (d.type === 'stagingFolderReady' ? d.event.volumeLabel : d.type));
