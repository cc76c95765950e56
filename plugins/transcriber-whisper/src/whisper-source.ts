/**
 * The whisper.cpp source tree that the npm package nodejs-whisper ships (`cpp/whisper.cpp`), found
 * through the package's own folder, and a hash that names a build of it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ConfigurationError } from '@spindle/plugin-sdk';

export interface WhisperSource {
  /** The folder with whisper.cpp's top-level CMakeLists.txt. */
  dir: string;
  /** nodejs-whisper's version. */
  packageVersion: string;
  /** whisper.cpp's version (from its CMakeLists.txt). */
  whisperVersion: string;
}

/** Files whose content decides what a build produces (read whole; together about 1 MB). */
const IDENTITY_FILES = [
  'CMakeLists.txt',
  'ggml/CMakeLists.txt',
  'src/whisper.cpp',
  'include/whisper.h',
  'examples/cli/cli.cpp',
];

export function locateWhisperSource(fromUrl: string = import.meta.url): WhisperSource {
  let packageJson: string;
  try {
    packageJson = createRequire(fromUrl).resolve('nodejs-whisper/package.json');
  } catch (error) {
    throw new ConfigurationError(
      'whisper_source_missing',
      'The npm package nodejs-whisper (which ships the whisper.cpp source) is not installed; run npm install.',
      { cause: error },
    );
  }
  const dir = join(dirname(packageJson), 'cpp', 'whisper.cpp');
  const cmakeLists = join(dir, 'CMakeLists.txt');
  if (!existsSync(cmakeLists)) {
    throw new ConfigurationError('whisper_source_missing', `nodejs-whisper has no whisper.cpp source at ${dir}.`);
  }
  const packageVersion = String(
    (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version ?? 'unknown',
  );
  const whisperVersion =
    /project\("whisper\.cpp" VERSION ([0-9.]+)\)/.exec(readFileSync(cmakeLists, 'utf8'))?.[1] ?? 'unknown';
  return { dir, packageVersion, whisperVersion };
}

/** Names a build: the source's identity files, the cmake flags, and the platform. 16 hex digits. */
export function buildKey(source: WhisperSource, flags: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(
    `${source.packageVersion}\0${source.whisperVersion}\0${process.platform}\0${process.arch}\0${flags.join(' ')}\0`,
  );
  for (const file of IDENTITY_FILES) {
    const path = join(source.dir, file);
    hash.update(`${file}\0`);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}
