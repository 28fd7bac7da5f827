import { closeSync, existsSync, fsyncSync, linkSync, openSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * An embedded store written under a temporary name beside the file it is to become (`npm run migrate`
 * writes its copy so), made that file at once when complete. Until then an app started on the directory
 * cannot serve a part of it, and a file left under the temporary name says the writing was cut short.
 */
export function stagingFileOf(file: string): string {
  return `${file}.migrating`;
}

/**
 * Gives the closed store at `staging` its final name `file`, durably. Refuses while a write-ahead log
 * is left beside it (commits the file itself does not hold yet: a connection is still open) and when
 * `file` exists (link, unlike rename, never replaces a store that appeared meanwhile).
 */
export function publishStagedFile(staging: string, file: string): void {
  for (const side of [`${staging}-wal`, `${staging}-shm`]) {
    if (existsSync(side)) throw new Error(`${side} exists: ${staging} is still open, not published`);
  }
  fsyncPath(staging);
  try {
    linkSync(staging, file);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST')
      throw new Error(`${file} appeared while the copy was written: ${staging} not published`);
    throw error;
  }
  unlinkSync(staging);
  fsyncPath(dirname(file)); // the directory entry: the new name survives a power loss
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
