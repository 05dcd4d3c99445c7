/**
 * The test host as a child process (`e2e/test-host/main.ts` run with tsx): started, waited for until it says it is
 * ready, and stopped. Used by the Playwright fixtures, the shared signed-in app and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** How a host process is started; the same options across restarts keep its accounts. */
export interface HostConfig {
  exportDir: string;
  dataDir: string;
  keychainService: string;
  caFile?: string;
}

/** A running test host process. */
export interface HostProcess extends HostConfig {
  url: string;
  stop(): Promise<void>;
}

/** A host process started and ready: its address, and how to stop it. */
export interface ReadyHost {
  url: string;
  stop(): Promise<void>;
}

/** Spawns a test host with `args` and waits for its ready line; `what` names it in the error when it exits first. */
export async function spawnHost(args: readonly string[], what: string): Promise<ReadyHost> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /TEST_HOST_READY (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${stderr.join('')}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts `e2e/test-host/main.ts` and waits for its ready line. */
export async function startHostProcess(config: HostConfig): Promise<HostProcess> {
  const args = [
    '--import',
    'tsx',
    'e2e/test-host/main.ts',
    '--export-dir',
    config.exportDir,
    '--data-dir',
    config.dataDir,
  ];
  args.push('--keychain-service', config.keychainService);
  if (config.caFile) args.push('--ca-file', config.caFile);
  return { ...config, ...(await spawnHost(args, 'test host')) };
}
