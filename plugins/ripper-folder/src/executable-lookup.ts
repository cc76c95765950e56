/** Finds an executable the way a shell would (a path as given, a bare name on PATH), without running it. */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

async function isExecutable(path: string): Promise<boolean> {
  return access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The executable's path, or null when it cannot be found. */
export async function findExecutable(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const extensions = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  if (isAbsolute(file) || file.includes('/') || file.includes('\\')) {
    for (const ext of extensions) if (await isExecutable(file + ext)) return file + ext;
    return null;
  }
  for (const folder of (env.PATH ?? '').split(delimiter).filter((f) => f !== '')) {
    for (const ext of extensions) {
      const candidate = join(folder, file + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
