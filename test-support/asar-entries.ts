/**
 * The files of an ASAR archive as its header lists them, with their size and whether the archive keeps them outside
 * itself (in `<archive>.unpacked/`), read with `@electron/asar`.
 */
import { getRawHeader } from '@electron/asar';

type Directory = ReturnType<typeof getRawHeader>['header'];
type Entry = Directory | Directory['files'][string];

/** One file of the archive; `path` is relative, with forward slashes. */
export interface AsarFile {
  path: string;
  size: number;
  unpacked: boolean;
}

/** Every file (not folder, not link) in the archive at `archivePath`. */
export function asarFiles(archivePath: string): AsarFile[] {
  const files: AsarFile[] = [];
  const walk = (entry: Entry, path: string): void => {
    if ('files' in entry) {
      for (const [name, child] of Object.entries(entry.files)) walk(child, path === '' ? name : `${path}/${name}`);
    } else if ('size' in entry) {
      files.push({ path, size: entry.size, unpacked: entry.unpacked === true });
    }
  };
  walk(getRawHeader(archivePath).header, '');
  return files;
}
