/** Finds blkid and eject in a search path, the way a shell would, without running them. */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export async function findTool(name: string, searchPath: string): Promise<string | null> {
  for (const folder of searchPath.split(delimiter).filter((f) => f !== '')) {
    const candidate = join(folder, name);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return null;
}
