/** A test service's staging and library folders under one root, as the config fields that name them. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** staging/, library/TV and library/Movies under `root`, created; returned as the config fields that name them. */
export async function libraryFoldersUnder(root: string) {
  const folders = {
    staging_path: join(root, 'staging'),
    library_tv_path: join(root, 'library', 'TV'),
    library_movies_path: join(root, 'library', 'Movies'),
  };
  await Promise.all(Object.values(folders).map((dir) => mkdir(dir, { recursive: true })));
  return folders;
}
