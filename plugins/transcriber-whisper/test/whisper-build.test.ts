/**
 * How the build of whisper-cli is driven: which cmake flags, progress while compiling, one build
 * shared by concurrent requests, a failed build never cached, the CUDA build chosen only with a GPU
 * and the setting, and the CPU used when the CUDA build fails. cmake is a recording stand-in here so
 * failures can be forced; the real build is exercised by whisper-end-to-end.test.ts.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, TranscriberStatus } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { cmakeFlags, parseBuildPercent, WhisperBuilder } from '../src/whisper-build.ts';
import { WhisperTranscriber } from '../src/whisper-transcriber.ts';
import { locateWhisperSource } from '../src/whisper-source.ts';

/**
 * A stand-in cmake: logs its arguments; fails when told to (FAIL file present) or for CUDA
 * (no toolkit here); otherwise "compiles" a whisper-cli that accepts --help.
 */
const FAKE_CMAKE = `#!/bin/sh
dir=$(dirname "$0")
echo "$*" >> "$dir/calls.log"
sleep 0.3
if [ -e "$dir/FAIL" ]; then echo "CMake Error: the C compiler is not able to compile a simple test program." >&2; exit 1; fi
case "$*" in
  *GGML_CUDA=ON*) echo "CMake Error: Could not find CUDA toolkit" >&2; exit 1 ;;
  --build*)
    mkdir -p "$2/bin"
    printf '#!/bin/sh\\nexit 0\\n' > "$2/bin/whisper-cli"
    chmod +x "$2/bin/whisper-cli"
    echo "[ 10%] Building C object ggml/src/CMakeFiles/ggml-base.dir/ggml.c.o"
    echo "[ 55%] Building CXX object src/CMakeFiles/whisper.dir/whisper.cpp.o"
    echo "[100%] Built target whisper-cli" ;;
esac
exit 0
`;

describe.skipIf(process.platform === 'win32')('building whisper-cli', () => {
  let root: string;
  let cmake: string;
  const setups: FakeSetup<JsonObject>[] = [];
  const calls = async () =>
    (await readFile(join(root, 'calls.log'), 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);

  const make = async (settings: JsonObject = {}, gpu = false) => {
    // Nothing listens on port 1: the model download fails at once, without leaving this machine.
    const setup = await createFakeSetup<JsonObject>({
      settings: { build_cache_dir: join(root, 'cache'), model_base_url: 'http://127.0.0.1:1', ...settings },
    });
    setups.push(setup);
    const gpuProbe = gpu
      ? { platform: 'linux' as const, deviceNode: cmake, pathEnv: '' }
      : { platform: 'linux' as const, deviceNode: join(root, 'none'), pathEnv: '' };
    return new WhisperTranscriber(setup, { cmake, gpuProbe });
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'spindle-whisper-build-'));
    cmake = join(root, 'cmake');
    await writeFile(cmake, FAKE_CMAKE);
    await chmod(cmake, 0o755);
  });

  afterAll(async () => {
    for (const setup of setups) await setup.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('asks cmake for whisper-cli and whisper-server: no tests, portable, standalone; CUDA when wanted', () => {
    expect(cmakeFlags('cpu')).toEqual([
      '-DCMAKE_BUILD_TYPE=Release',
      '-DWHISPER_BUILD_TESTS=OFF',
      '-DWHISPER_BUILD_SERVER=ON',
      '-DWHISPER_BUILD_EXAMPLES=ON',
      '-DGGML_NATIVE=OFF',
      '-DBUILD_SHARED_LIBS=OFF',
    ]);
    expect(cmakeFlags('cuda')).toContain('-DGGML_CUDA=ON');
    expect(parseBuildPercent('[ 45%] Building C object x.o')).toBe(0.45);
    expect(parseBuildPercent('[100%] Built target whisper-cli')).toBe(1);
    expect(parseBuildPercent('-- Configuring done')).toBeNull();
  });

  it('finds the whisper.cpp source inside the nodejs-whisper package', () => {
    const source = locateWhisperSource();
    expect(source.dir).toMatch(/node_modules[\\/]nodejs-whisper[\\/]cpp[\\/]whisper\.cpp$/);
    expect(existsSync(join(source.dir, 'src', 'whisper.cpp'))).toBe(true);
    expect(source.whisperVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('reports a failed build clearly, keeps nothing, and builds again on the next request', async () => {
    await writeFile(join(root, 'FAIL'), '');
    const whisper = await make();
    const signal = new AbortController().signal;
    const first = whisper.prepare(signal);
    const second = whisper.prepare(signal); // waits for the same build
    await expect(first).rejects.toMatchObject({ code: 'whisper_build_failed', retryable: true });
    await expect(second).rejects.toThrow(
      /whisper-cli could not be built \(configure step\): exit code 1: CMake Error: the C compiler .*It will be tried again/,
    );
    expect(await calls()).toHaveLength(1); // one cmake run for both requests
    expect(readdirSync(join(root, 'cache')).filter((n) => !n.endsWith('.lock'))).toEqual([]);
    expect(whisper.status()).toMatchObject({ ready: false, activity: null });
    expect(whisper.status().message).toContain('whisper-cli could not be built');

    await rm(join(root, 'FAIL'));
    const statuses: TranscriberStatus[] = [];
    whisper.onStatus((s) => statuses.push(s));
    await expect(whisper.prepare(signal)).rejects.toMatchObject({ code: 'speech_model_download_failed' }); // built; no model server here
    expect((await calls()).slice(1).map((c) => c.split(' ')[0])).toEqual(['-S', '--build']);
    const building = statuses.filter((s) => s.activity === 'building');
    expect(building.map((s) => s.progress)).toEqual(expect.arrayContaining([0, 0.05, 0.05 + 0.9 * 0.55, 1]));
    expect(building.some((s) => s.message === 'compiling whisper-cli (cpu) 55%')).toBe(true);
    expect(whisper.status().message).not.toContain('could not be built');

    // A second transcriber (e.g. after a restart) finds the build in the cache.
    const again = await make();
    await expect(again.prepare(signal)).rejects.toMatchObject({ code: 'speech_model_download_failed' });
    expect(await calls()).toHaveLength(3);
  });

  it('builds with CUDA only when a GPU is present and gpu_enabled is set, and falls back to the CPU', async () => {
    expect((await make({ gpu_enabled: true }, false)).wantedVariant()).toBe('cpu');
    expect((await make({ gpu_enabled: false }, true)).wantedVariant()).toBe('cpu');
    const gpu = await make({ gpu_enabled: true }, true);
    expect(gpu.wantedVariant()).toBe('cuda');
    expect(gpu.status().gpu).toEqual({ detected: true, enabled: true, runtimeInstalled: false });

    const before = (await calls()).length;
    await expect(gpu.prepare(new AbortController().signal)).rejects.toMatchObject({
      code: 'speech_model_download_failed',
    });
    const cudaCalls = (await calls()).slice(before);
    expect(cudaCalls[0]).toContain('-DGGML_CUDA=ON'); // tried first, failed
    expect(gpu.wantedVariant()).toBe('cpu');
    expect(gpu.status()).toMatchObject({
      device: 'cpu',
      gpu: { detected: true, enabled: true, runtimeInstalled: false },
    });
  });

  /** A builder with the fake cmake over its own cache folder under the test root. */
  async function cpuBuilder(cacheName: string): Promise<{ builder: WhisperBuilder; cacheRoot: string }> {
    const setup = await createFakeSetup<JsonObject>();
    setups.push(setup);
    const cacheRoot = join(root, cacheName);
    const source = locateWhisperSource();
    return {
      builder: new WhisperBuilder({ processes: setup.processes, logger: setup.logger, source, cacheRoot, cmake }),
      cacheRoot,
    };
  }

  it('waits while another live process builds into the same cache, then uses its build', async () => {
    const { builder, cacheRoot } = await cpuBuilder('shared-cache');
    const dir = builder.folderOf('cpu');
    await mkdir(cacheRoot, { recursive: true });
    const other = spawn('sleep', ['30'], { stdio: 'ignore' }); // stands in for the other building process
    try {
      await writeFile(`${dir}.lock`, JSON.stringify({ pid: other.pid, startedAt: new Date().toISOString() }));
      const messages: string[] = [];
      const before = (await calls()).length;
      const waiting = builder.ensure('cpu', (p) => messages.push(p.message));
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(messages.at(-1)).toBe(`waiting for another whisper-cli build (process ${other.pid})`);
      // The other process finishes: its binary and build.json appear, the lock goes.
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'whisper-cli'), '#!/bin/sh\nexit 0\n');
      await writeFile(join(dir, 'build.json'), '{}');
      await rm(`${dir}.lock`);
      expect((await waiting).path).toBe(join(dir, 'whisper-cli'));
      expect(await calls()).toHaveLength(before); // nothing built here
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a build whose process died', async () => {
    const { builder, cacheRoot } = await cpuBuilder('stale-cache');
    const dir = builder.folderOf('cpu');
    await mkdir(`${dir}.build-999999`, { recursive: true }); // its half-done work folder
    const dead = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(`${dir}.lock`, JSON.stringify({ pid: dead.pid, startedAt: new Date().toISOString() }));
    const built = await builder.ensure('cpu');
    expect(existsSync(built.path)).toBe(true);
    expect(readdirSync(cacheRoot).sort()).toEqual([dir.slice(cacheRoot.length + 1)]); // lock and leftovers gone
  });
});
