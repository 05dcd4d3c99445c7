/**
 * The HTTPS fake service in its own process (e2e/fake-service/main.ts), so its work of answering does not share an
 * event loop with the client being measured, as a real service would not. Commands go over stdin, one JSON a line.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The fake's dataset and latency. */
export interface FakeProcessOptions {
  repoRoot: string;
  sales: number;
  seed: number;
  endDay: string;
  days: number;
  latencyMs: number;
}

/** A running fake service process. */
export interface FakeProcess {
  baseUrl: string;
  caPem: string;
  credentials: { apiKey: string; apiSecret: string; appId: string };
  /** Sends one command and resolves with its JSON answer. */
  command<T>(command: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the fake and waits until it listens. */
export async function startFakeProcess(options: FakeProcessOptions): Promise<FakeProcess> {
  const args = [
    '--import',
    'tsx',
    'e2e/fake-service/main.ts',
    '--sales',
    String(options.sales),
    '--seed',
    String(options.seed),
  ];
  args.push(
    '--end-day',
    options.endDay,
    '--days',
    String(options.days),
    '--today',
    options.endDay,
    '--latency',
    String(options.latencyMs),
  );
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, {
    cwd: options.repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`fake service: ${chunk.toString()}`));
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else early.push(line);
  });
  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const ready = early.shift();
      if (ready !== undefined) return resolve(ready);
      const onExit = (code: number | null): void => reject(new Error(`the fake service exited (${code})`));
      child.once('exit', onExit);
      waiting.push((line) => {
        child.off('exit', onExit);
        resolve(line);
      });
    });

  const ready = await nextLine();
  const info = await nextLine();
  const readyMatch = /^FAKE_SERVICE_READY (\S+) (\S+)$/.exec(ready);
  const infoMatch = /^FAKE_SERVICE_INFO (\S+)$/.exec(info);
  if (!readyMatch?.[2] || !infoMatch?.[1]) throw new Error(`the fake service did not start: ${ready} ${info}`);
  const details = JSON.parse(readFileSync(infoMatch[1], 'utf8')) as {
    baseUrl: string;
    credentials: FakeProcess['credentials'];
  };
  let queue = Promise.resolve();
  return {
    baseUrl: details.baseUrl,
    caPem: readFileSync(readyMatch[2], 'utf8'),
    credentials: details.credentials,
    command<T>(command: Record<string, unknown>): Promise<T> {
      const run = queue.then(async () => {
        child.stdin.write(`${JSON.stringify(command)}\n`);
        const line = await nextLine();
        if (!line.startsWith('FAKE_SERVICE_OK ')) throw new Error(`fake service: ${line}`);
        return JSON.parse(line.slice('FAKE_SERVICE_OK '.length)) as T;
      });
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
