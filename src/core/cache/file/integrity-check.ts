/**
 * `PRAGMA quick_check` in a worker thread. The check reads the whole file, blocking work that made the main process
 * (and so the window) wait at every start. In a worker the app is ready at once and the verdict follows a moment
 * later, still at start (D2).
 *
 * The worker is plain JavaScript evaluated from a string, with the SQLite driver's resolved path handed over, so the
 * same code runs under Node, tsx, vitest and inside the bundled Electron main process, where a separate worker file
 * would need a bundler entry of its own.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the check found: a healthy file, a damaged one, or no verdict (the check itself could not run). */
export type IntegrityVerdict =
  { kind: 'ok' } | { kind: 'corrupt'; detail: string } | { kind: 'unknown'; detail: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const CORRUPT = /^SQLITE_(CORRUPT|NOTADB)/;
let db = null;
let verdict;
try {
  db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  const problems = db.pragma('quick_check(5)').map((row) => row.quick_check);
  verdict = problems[0] === 'ok' ? { kind: 'ok' } : { kind: 'corrupt', detail: 'quick_check: ' + problems.join('; ') };
} catch (error) {
  const code = error && typeof error.code === 'string' ? error.code : '';
  verdict = { kind: CORRUPT.test(code) ? 'corrupt' : 'unknown', detail: String((error && error.message) || error) };
} finally {
  if (db !== null) db.close();
}
parentPort.postMessage(verdict);
`;

/**
 * Runs quick_check on the file at `path` through its own read-only connection in a worker thread (WAL readers do not
 * block the app's writer) and resolves with the verdict; never rejects. The worker does not keep the process alive.
 */
export function checkIntegrityOffThread(path: string): Promise<IntegrityVerdict> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
    } catch (error) {
      resolve({ kind: 'unknown', detail: `The check could not start: ${(error as Error).message}` });
      return;
    }
    worker.unref();
    let settled = false;
    const settle = (verdict: IntegrityVerdict): void => {
      if (settled) return;
      settled = true;
      resolve(verdict);
    };
    worker.once('message', (verdict: IntegrityVerdict) => settle(verdict));
    worker.once('error', (error) => settle({ kind: 'unknown', detail: error.message }));
    worker.once('exit', (code) =>
      settle({ kind: 'unknown', detail: `The check stopped (exit ${code}) without a verdict.` }),
    );
  });
}
