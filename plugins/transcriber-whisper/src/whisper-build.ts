/**
 * Builds whisper-cli (and whisper-server, the resident form: see docs/adr/0010-resident-whisper-server.md)
 * once per source, flags and machine into a cache folder:
 * `{cacheRoot}/{key}-{variant}/whisper-cli` plus a `build.json` written last, so a folder without it
 * is never taken for a finished build. A failed build leaves nothing behind and is tried again on
 * the next request. Concurrent requests in this process share one build; other processes wait on
 * a lock file and then use the result.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { errorMessage, MatchingError, SpindleError, type Logger, type ProcessRunner } from '@spindle/plugin-sdk';
import { acquireBuildLock } from './build-lock.ts';
import { buildKey, type WhisperSource } from './whisper-source.ts';

export type BuildVariant = 'cpu' | 'cuda';

export interface BuildProgress {
  fraction: number | null;
  message: string;
}

export interface WhisperBinary {
  path: string;
  /** whisper-server from the same build, or null when the build did not produce it (whisper-cli is then used alone). */
  serverPath: string | null;
  variant: BuildVariant;
  dir: string;
}

const EXE_SUFFIX = process.platform === 'win32' ? '.exe' : '';
const EXE = `whisper-cli${EXE_SUFFIX}`;
const SERVER_EXE = `whisper-server${EXE_SUFFIX}`;
const CONFIGURE_TIMEOUT_MS = 10 * 60_000;
const BUILD_TIMEOUT_MS = 60 * 60_000;

/** The cmake cache flags: whisper-cli and whisper-server, no tests, portable static binaries. */
export function cmakeFlags(variant: BuildVariant): string[] {
  return [
    '-DCMAKE_BUILD_TYPE=Release',
    '-DWHISPER_BUILD_TESTS=OFF',
    '-DWHISPER_BUILD_SERVER=ON', // examples/server: the resident process that keeps the model loaded
    '-DWHISPER_BUILD_EXAMPLES=ON', // whisper-cli is examples/cli
    '-DGGML_NATIVE=OFF', // runs on other CPUs of the same architecture, not only the one that built it
    '-DBUILD_SHARED_LIBS=OFF', // one standalone executable
    ...(variant === 'cuda' ? ['-DGGML_CUDA=ON'] : []),
  ];
}

/** "[ 45%] Building C object …" → 0.45 */
export function parseBuildPercent(line: string): number | null {
  const match = /^\[\s*(\d{1,3})%\]/.exec(line.trim());
  return match ? Math.min(100, Number(match[1])) / 100 : null;
}

interface InFlight {
  promise: Promise<WhisperBinary>;
  listeners: Set<(progress: BuildProgress) => void>;
}
const inFlight = new Map<string, InFlight>();

export interface WhisperBuilderDeps {
  processes: ProcessRunner;
  logger: Logger;
  source: WhisperSource;
  cacheRoot: string;
  /** The cmake executable (default: `cmake` on PATH). */
  cmake?: string;
  /** Parallel compile jobs (default: the logical CPUs). */
  jobs?: number;
}

export class WhisperBuilder {
  private readonly folders = new Map<BuildVariant, string>();

  constructor(private readonly deps: WhisperBuilderDeps) {}

  /** `{cacheRoot}/{source+flags hash}-{variant}` (the hash is computed once). */
  folderOf(variant: BuildVariant): string {
    let folder = this.folders.get(variant);
    if (!folder) {
      folder = join(this.deps.cacheRoot, `${buildKey(this.deps.source, cmakeFlags(variant))}-${variant}`);
      this.folders.set(variant, folder);
    }
    return folder;
  }

  /** The finished build of this variant, if the cache has one. */
  cached(variant: BuildVariant): WhisperBinary | null {
    const dir = this.folderOf(variant);
    const path = join(dir, EXE);
    if (!existsSync(path) || !existsSync(join(dir, 'build.json'))) return null;
    try {
      JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8'));
    } catch {
      return null;
    }
    const serverPath = join(dir, SERVER_EXE);
    return { path, serverPath: existsSync(serverPath) ? serverPath : null, variant, dir };
  }

  /** The cached build, or a new one (shared with concurrent callers). Progress goes to `onProgress`. */
  ensure(variant: BuildVariant, onProgress?: (progress: BuildProgress) => void): Promise<WhisperBinary> {
    const done = this.cached(variant);
    if (done) return Promise.resolve(done);
    const dir = this.folderOf(variant);
    let entry = inFlight.get(dir);
    if (!entry) {
      const listeners = new Set<(progress: BuildProgress) => void>();
      const report = (progress: BuildProgress) => listeners.forEach((listener) => listener(progress));
      const promise = this.buildLocked(variant, dir, report).finally(() => inFlight.delete(dir));
      entry = { promise, listeners };
      inFlight.set(dir, entry);
    }
    if (onProgress) entry.listeners.add(onProgress);
    return entry.promise;
  }

  private async buildLocked(
    variant: BuildVariant,
    dir: string,
    report: (p: BuildProgress) => void,
  ): Promise<WhisperBinary> {
    await mkdir(this.deps.cacheRoot, { recursive: true });
    const lock = await acquireBuildLock(`${dir}.lock`, {
      signal: new AbortController().signal,
      isDone: () => this.cached(variant) !== null,
      onWait: (pid) =>
        report({ fraction: null, message: `waiting for another whisper-cli build${pid ? ` (process ${pid})` : ''}` }),
    });
    if (!lock) return this.cached(variant)!;
    try {
      return this.cached(variant) ?? (await this.build(variant, dir, report));
    } finally {
      await lock.release();
    }
  }

  private async build(variant: BuildVariant, dir: string, report: (p: BuildProgress) => void): Promise<WhisperBinary> {
    const { processes, logger, source } = this.deps;
    const cmake = this.deps.cmake ?? 'cmake';
    const work = `${dir}.build-${process.pid}`;
    await this.removeLeftovers(dir);
    await rm(dir, { recursive: true, force: true });
    const started = Date.now();
    logger.info('building whisper-cli', {
      variant,
      source: source.dir,
      whisperVersion: source.whisperVersion,
      into: dir,
    });
    try {
      report({ fraction: 0, message: `configuring the whisper-cli build (${variant})` });
      await this.step('configure', cmake, ['-S', source.dir, '-B', work, ...cmakeFlags(variant)], CONFIGURE_TIMEOUT_MS);
      report({ fraction: 0.05, message: `compiling whisper-cli (${variant})` });
      const jobs = String(this.deps.jobs ?? os.availableParallelism());
      await this.step(
        'compile',
        cmake,
        ['--build', work, '--config', 'Release', '--target', 'whisper-cli', 'whisper-server', '-j', jobs],
        BUILD_TIMEOUT_MS,
        (line) => {
          const percent = parseBuildPercent(line);
          if (percent !== null)
            report({
              fraction: 0.05 + 0.9 * percent,
              message: `compiling whisper-cli (${variant}) ${Math.round(percent * 100)}%`,
            });
        },
      );
      const built = [join(work, 'bin', EXE), join(work, 'bin', 'Release', EXE)].find((path) => existsSync(path));
      if (!built) throw this.failure('compile', 'the build finished without producing whisper-cli');
      report({ fraction: 0.97, message: 'checking the built whisper-cli' });
      await this.step('check', built, ['--help'], 60_000);
      await mkdir(dir, { recursive: true });
      await copyFile(built, join(dir, `${EXE}.tmp`));
      await chmod(join(dir, `${EXE}.tmp`), 0o755);
      await rename(join(dir, `${EXE}.tmp`), join(dir, EXE));
      const server = [join(work, 'bin', SERVER_EXE), join(work, 'bin', 'Release', SERVER_EXE)].find((path) =>
        existsSync(path),
      );
      if (server) {
        await copyFile(server, join(dir, `${SERVER_EXE}.tmp`));
        await chmod(join(dir, `${SERVER_EXE}.tmp`), 0o755);
        await rename(join(dir, `${SERVER_EXE}.tmp`), join(dir, SERVER_EXE));
      } else {
        logger.warn('the build produced no whisper-server; every chunk starts whisper-cli', { variant });
      }
      const facts = {
        variant,
        flags: cmakeFlags(variant),
        source: source.dir,
        nodejsWhisper: source.packageVersion,
        whisperCpp: source.whisperVersion,
        builtAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - started) / 1000),
      };
      await writeFile(join(dir, 'build.json.tmp'), JSON.stringify(facts, null, 2));
      await rename(join(dir, 'build.json.tmp'), join(dir, 'build.json'));
      logger.info('whisper-cli built', { variant, seconds: facts.seconds, path: join(dir, EXE) });
      report({ fraction: 1, message: 'whisper-cli is built' });
      return { path: join(dir, EXE), serverPath: server ? join(dir, SERVER_EXE) : null, variant, dir };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async step(
    name: string,
    file: string,
    args: string[],
    timeoutMs: number,
    onLine?: (line: string) => void,
  ): Promise<void> {
    let result;
    try {
      result = await this.deps.processes.run(file, args, { timeoutMs, ...(onLine ? { onStdoutLine: onLine } : {}) });
    } catch (error) {
      if (SpindleError.is(error) && error.code === 'process_not_found') {
        throw this.failure(
          name,
          `${file} is not installed (whisper-cli needs cmake and a C++ compiler, e.g. apt-get install cmake g++ make)`,
          error,
        );
      }
      throw this.failure(name, errorMessage(error), error);
    }
    if (result.aborted) throw this.failure(name, 'the build was stopped because Spindle is shutting down');
    if (result.exitCode !== 0) {
      const tail = `${result.stderr}\n${result.stdout}`
        .trim()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-6)
        .join(' | ');
      throw this.failure(name, `exit code ${result.exitCode}: ${tail}`);
    }
  }

  private failure(step: string, detail: string, cause?: unknown): MatchingError {
    return new MatchingError(
      'whisper_build_failed',
      `whisper-cli could not be built (${step} step): ${detail}. It will be tried again on the next transcription.`,
      {
        retryable: true,
        ...(cause === undefined ? {} : { cause }),
        details: { step },
      },
    );
  }

  /** Work folders of builds that died with their process. */
  private async removeLeftovers(dir: string): Promise<void> {
    const base = dir.slice(this.deps.cacheRoot.length + 1);
    for (const name of await readdir(this.deps.cacheRoot).catch(() => [] as string[])) {
      if (name.startsWith(`${base}.build-`))
        await rm(join(this.deps.cacheRoot, name), { recursive: true, force: true });
    }
  }
}
