import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { parseCommand } from './cli-args';
import { API_KEY_ENV, API_SECRET_ENV, readAccountCredentials, type ApiKeyOptions } from './cli-credentials';
import { CliError, EXIT_CODES } from './cli-errors';
import { commandHelp } from './cli-help';
import type { CliIo } from './cli-io';

/** Recognisable credentials: neither may appear in any message. */
const KEY = `canary-key-${randomUUID()}`;
const SECRET = `canary-secret-${randomUUID()}`;

/** A run's terminal: `stdin` piped, or typed at a terminal when `tty`; what it printed on stderr. */
function terminal(stdin: string, options: { tty?: boolean; env?: Record<string, string> } = {}) {
  const printed: string[] = [];
  const raw: boolean[] = [];
  let input: CliIo['stdin'];
  if (options.tty) {
    const typed = new PassThrough();
    typed.end(stdin);
    input = Object.assign(typed, { isTTY: true, setRawMode: (on: boolean) => raw.push(on) });
  } else input = Readable.from(stdin === '' ? [] : [Buffer.from(stdin)]);
  const io: CliIo = {
    stdout: (text) => printed.push(text),
    stderr: (text) => printed.push(text),
    stderrIsTTY: options.tty === true,
    stdin: input,
    env: options.env ?? {},
    interrupt: new AbortController().signal,
    program: 'npm run cli --',
    appVersion: '0.0.0-test',
  };
  return { io, printed, raw };
}

async function refusal(io: CliIo, options: ApiKeyOptions): Promise<string> {
  const error = await readAccountCredentials(io, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(EXIT_CODES.usage);
  const message = (error as Error).message;
  expect(message).not.toContain(KEY);
  expect(message).not.toContain(SECRET);
  return message;
}

describe('C1: the API key of accounts add comes from standard input or the environment, like the secret', () => {
  it('C1: with --api-key-stdin the key is the first piped line and the secret the second', async () => {
    const { io } = terminal(`${KEY}\n${SECRET}\n`);
    expect(await readAccountCredentials(io, { 'api-key-stdin': true })).toEqual({ apiKey: KEY, apiSecret: SECRET });
    const crlf = terminal(` ${KEY}\r\n${SECRET}\r\n\r\n`);
    expect(await readAccountCredentials(crlf.io, { 'api-key-stdin': true })).toEqual({
      apiKey: KEY,
      apiSecret: SECRET,
    });
  });

  it('C1: with --api-key-stdin and the secret in COMMISSION_DESK_API_SECRET, standard input holds only the key', async () => {
    const { io } = terminal(`${KEY}\n`, { env: { [API_SECRET_ENV]: SECRET } });
    expect(await readAccountCredentials(io, { 'api-key-stdin': true })).toEqual({ apiKey: KEY, apiSecret: SECRET });
    const both = terminal(`${KEY}\n${SECRET}\n`, { env: { [API_SECRET_ENV]: SECRET } });
    expect(await refusal(both.io, { 'api-key-stdin': true })).toContain('must hold only the API key');
  });

  it('C1: the key from COMMISSION_DESK_API_KEY with the secret piped, or both from the environment', async () => {
    const piped = terminal(`${SECRET}\n`, { env: { [API_KEY_ENV]: ` ${KEY} ` } });
    expect(await readAccountCredentials(piped.io, {})).toEqual({ apiKey: KEY, apiSecret: SECRET });
    const env = terminal('', { env: { [API_KEY_ENV]: KEY, [API_SECRET_ENV]: SECRET } });
    expect(await readAccountCredentials(env.io, {})).toEqual({ apiKey: KEY, apiSecret: SECRET });
  });

  it('C1: --api-key still works (the argument wins over the environment), but not together with --api-key-stdin', async () => {
    const { io } = terminal(`${SECRET}\n`, { env: { [API_KEY_ENV]: 'other-key' } });
    expect(await readAccountCredentials(io, { 'api-key': KEY })).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(await refusal(terminal(`${KEY}\n${SECRET}\n`).io, { 'api-key': KEY, 'api-key-stdin': true })).toContain(
      'Give the API key one way',
    );
  });

  it('C1: a missing key, a missing secret or extra lines are refused with what to do, never repeating a value', async () => {
    expect(await refusal(terminal(`${SECRET}\n`).io, {})).toBe(
      `No API key was given. Set ${API_KEY_ENV}, or add --api-key-stdin and pipe the key on the first line of standard input (the secret on the second).`,
    );
    expect(await refusal(terminal(`${KEY}\n`).io, { 'api-key-stdin': true })).toContain(
      'No API secret was read. Standard input must hold the API key on its first line and the API secret on its second',
    );
    expect(await refusal(terminal(`\n${SECRET}\n`).io, { 'api-key-stdin': true })).toContain('No API key was read.');
    expect(await refusal(terminal(`${KEY}\n${SECRET}\n${SECRET}\n`).io, { 'api-key-stdin': true })).toContain(
      'and nothing else',
    );
    expect(await refusal(terminal('').io, { 'api-key': KEY })).toContain(
      `No API secret was given. Pipe it on standard input`,
    );
    expect(await refusal(terminal(`${SECRET}\nmore\n`).io, { 'api-key': KEY })).toBe(
      'Standard input must hold only the API secret.',
    );
    expect(await refusal(terminal(`${'k'.repeat(1001)}\n${SECRET}\n`).io, { 'api-key-stdin': true })).toContain(
      'longer than 1000 characters',
    );
  });

  it('C1: at a terminal with no key given, the key and then the secret are asked for without echo', async () => {
    const { io, printed, raw } = terminal(`${KEY}\r${SECRET}\r`, { tty: true });
    expect(await readAccountCredentials(io, {})).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(printed.join('')).toBe('API key (not shown): \nAPI secret (not shown): \n');
    expect(raw).toEqual([true, false]);
    const secretOnly = terminal(`${SECRET}\r\n`, { tty: true, env: { [API_KEY_ENV]: KEY } });
    expect(await readAccountCredentials(secretOnly.io, {})).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(secretOnly.printed.join('')).toBe('API secret (not shown): \n');
  });

  it('C1: accounts add takes --api-key-stdin or no key option; the help says --api-key is visible in the process list', () => {
    const base = ['--label', 'x', '--base-url', 'https://api.example', '--app-id', 'a'];
    expect(parseCommand('accounts add', [...base, '--api-key-stdin'])).toMatchObject({
      help: false,
      options: { 'api-key-stdin': true },
    });
    expect(parseCommand('accounts add', base)).toMatchObject({ help: false, options: { label: 'x' } });
    expect(() => parseCommand('accounts add', [...base, '--api-key', ' '])).toThrow('--api-key is required');
    const help = commandHelp('accounts add', 'npm run cli --');
    expect(help).toContain('--api-key-stdin');
    expect(help).toContain(API_KEY_ENV);
    expect(help).toContain(API_SECRET_ENV);
    expect(help).toMatch(
      /--api-key <key> +The API key as an argument, for older scripts: other users can see it in the process list/,
    );
  });
});

describe('C1: accounts add against the HTTPS fake service, the key never an argument', () => {
  const SERVICE = `Commission Desk (cli key test ${randomUUID()})`;
  let fake: FakeService;
  let folder: ReturnType<typeof tempFolder>;

  beforeAll(async () => {
    fake = await startFakeService({
      sales: { count: 10, endDay: '2026-03-31', days: 30, seed: 5 },
      credentials: { apiKey: KEY, apiSecret: SECRET },
    });
    folder = tempFolder('cli-key');
  }, 60_000);
  afterAll(async () => {
    for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
    await fake.close();
    folder.remove();
  });

  /** Runs `accounts add` as a child process, as `npm run cli --` does, with no key or secret among its arguments. */
  function addAccount(label: string, extra: string[], stdin: string, env: Record<string, string>) {
    const args = ['--label', label, '--base-url', fake.baseUrl, '--app-id', fake.credentials.appId, ...extra];
    const shared = ['--data-dir', join(folder.dir, 'data'), '--keychain-service', SERVICE, '--ca-file', fake.caPemPath];
    expect(args.join(' ')).not.toContain(KEY);
    return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'accounts', 'add', ...args, ...shared],
        {
          env: { ...process.env, [API_KEY_ENV]: '', [API_SECRET_ENV]: '', ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
      child.stdin.end(stdin);
    });
  }

  it('C1: the key and secret piped with --api-key-stdin, or the key in COMMISSION_DESK_API_KEY, are accepted by the service and stored in the keychain only', async () => {
    const piped = await addAccount('Piped', ['--api-key-stdin'], `${KEY}\n${SECRET}\n`, {});
    expect(piped).toMatchObject({ code: EXIT_CODES.ok, output: expect.stringContaining('Added "Piped"') });
    const fromEnv = await addAccount('From env', [], `${SECRET}\n`, { [API_KEY_ENV]: KEY });
    expect(fromEnv).toMatchObject({ code: EXIT_CODES.ok, output: expect.stringContaining('Added "From env"') });
    const wrong = await addAccount('Wrong', ['--api-key-stdin'], `wrong-key\n${SECRET}\n`, {});
    expect(wrong.code).toBe(EXIT_CODES.account);
    expect(fake.requests.filter((r) => r.route === 'user' && r.credentialsValid)).toHaveLength(2);
    const entries = await keytar.findCredentials(SERVICE);
    expect(entries).toHaveLength(2);
    for (const entry of entries)
      expect([entry.password.includes(KEY), entry.password.includes(SECRET)]).toEqual([true, true]);
    const settings = readFileSync(join(folder.dir, 'data', 'config.json'), 'utf8');
    expect(settings).not.toContain(KEY);
    expect(settings).not.toContain(SECRET);
    for (const run of [piped, fromEnv, wrong]) expect(run.output).not.toMatch(new RegExp(`${KEY}|${SECRET}`));
  }, 120_000);
});
