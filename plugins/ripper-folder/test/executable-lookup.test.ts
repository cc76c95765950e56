import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../src/executable-lookup.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'exe-lookup-'));
  await writeFile(join(folder, 'tool'), '#!/bin/sh\n');
  await chmod(join(folder, 'tool'), 0o755);
  await writeFile(join(folder, 'plain-file'), 'not executable');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('findExecutable', () => {
  it('finds a bare name on PATH', async () => {
    expect(await findExecutable('tool', { PATH: ['/nonexistent', folder].join(delimiter) })).toBe(join(folder, 'tool'));
    expect(await findExecutable('ffprobe')).toMatch(/ffprobe$/);
  });

  it('accepts a path as given', async () => {
    expect(await findExecutable(join(folder, 'tool'), { PATH: '' })).toBe(join(folder, 'tool'));
  });

  it('answers null for a missing or non-executable file', async () => {
    expect(await findExecutable('tool', { PATH: '/nonexistent' })).toBeNull();
    expect(await findExecutable(join(folder, 'missing'))).toBeNull();
    expect(await findExecutable(join(folder, 'plain-file'))).toBeNull();
    expect(await findExecutable('plain-file', { PATH: folder })).toBeNull();
  });
});
