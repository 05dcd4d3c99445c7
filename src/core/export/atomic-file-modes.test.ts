import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SalesCache } from '../cache';
import { sampleSales, tempFolder } from '../../../test-support/cache-kit';
import { cacheWith } from '../../../test-support/export-kit';
import { writeAtomically } from './atomic-file';
import { exportFromCache } from './export-sales';

const modeOf = (path: string): number => statSync(path).mode & 0o777;
const partialsIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.partial'));

let folder: ReturnType<typeof tempFolder>;
let savedUmask = 0;
// With umask 0 a file created without an explicit mode is 0666: only the exporter's own tightening makes it 0600.
beforeAll(() => {
  savedUmask = process.umask(0);
});
afterAll(() => {
  process.umask(savedUmask);
});
beforeEach(() => {
  folder = tempFolder('export-modes');
});
afterEach(() => folder.remove());

describe.skipIf(process.platform === 'win32')('export file modes', () => {
  it.each(['xlsx', 'csv'] as const)(
    'S15: a %s export is 0600 while it is written to its temporary file and once in place, even under umask 0',
    async (format) => {
      let cache: SalesCache | null = null;
      try {
        // Enough rows for several batches, so the temporary file is seen while it grows.
        cache = cacheWith(folder.dir, 'acct', sampleSales(), '2025-05-01', '2026-06-30');
        const exportDir = join(folder.dir, 'exports');
        mkdirSync(exportDir);
        const seen: number[] = [];
        const outcome = await exportFromCache(
          {
            cache,
            account: 'acct',
            accountLabel: 'Main shop',
            baseUrl: 'https://api.example',
            request: { filter: { from: '2025-05-01', to: '2026-06-30' }, format },
            targetPath: join(exportDir, `sales.${format}`),
            appVersion: '9.9.9-test',
            now: () => new Date('2026-04-02T10:00:00Z'),
          },
          { onProgress: () => seen.push(...partialsIn(exportDir).map((name) => modeOf(join(exportDir, name)))) },
        );
        expect(seen.length).toBeGreaterThan(0);
        expect(new Set(seen)).toEqual(new Set([0o600]));
        expect(readdirSync(exportDir)).toEqual([`sales.${format}`]);
        expect(modeOf(outcome.filePath)).toBe(0o600);
      } finally {
        cache?.close();
      }
    },
  );

  it('S15: the temporary file is 0600 from the moment the writer creates it, and the umask is the user’s again afterwards', async () => {
    const target = join(folder.dir, 'report.csv');
    let modeAtCreation = -1;
    await writeAtomically(target, async (tempPath) => {
      await writeFile(tempPath, 'a,b\r\n');
      modeAtCreation = modeOf(tempPath);
    });
    expect(modeAtCreation).toBe(0o600);
    expect(modeOf(target)).toBe(0o600);
    const later = join(folder.dir, 'later.txt');
    writeFileSync(later, 'x');
    expect(modeOf(later)).toBe(0o666);
  });

  it('S15: overlapping exports each write privately, and the umask comes back once the last one has created its file', async () => {
    const gates: (() => void)[] = [];
    const modes: number[] = [];
    const write = (name: string) =>
      writeAtomically(join(folder.dir, name), async (tempPath) => {
        await writeFile(tempPath, 'start');
        await new Promise<void>((resolve) => gates.push(resolve));
        await writeFile(tempPath, 'done');
        modes.push(modeOf(tempPath));
      });
    const both = Promise.all([write('one.csv'), write('two.csv')]);
    while (gates.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    for (const open of gates) open();
    await both;
    expect(modes).toEqual([0o600, 0o600]);
    expect(modeOf(join(folder.dir, 'one.csv'))).toBe(0o600);
    expect(process.umask(0)).toBe(0);
  });
});
