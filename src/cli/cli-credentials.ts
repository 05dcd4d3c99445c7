/**
 * The API key and secret `accounts add` tests and saves, read where another user of the machine cannot see them.
 * Arguments show in the process list and the shell history, so the secret is never one, and the key comes from
 * standard input (--api-key-stdin) or COMMISSION_DESK_API_KEY as well. The older --api-key argument still works for
 * existing scripts; its help says it is visible.
 */
import { usageError } from './cli-errors';
import { readStdinLines, type CliIo } from './cli-io';

/** The environment variable that may hold the API key. */
export const API_KEY_ENV = 'COMMISSION_DESK_API_KEY';
/** The environment variable that may hold the API secret. */
export const API_SECRET_ENV = 'COMMISSION_DESK_API_SECRET';

/** The longest API key taken, as for the --api-key argument. */
const MAX_KEY_LENGTH = 1000;
const COMMAND = 'accounts add';
const KEY_PROMPT = 'API key (not shown): ';
const SECRET_PROMPT = 'API secret (not shown): ';

/** The key options of `accounts add`. */
export interface ApiKeyOptions {
  'api-key'?: string | undefined;
  'api-key-stdin'?: boolean | undefined;
}

/** The credentials typed, piped or set for `accounts add`. */
export interface EnteredCredentials {
  apiKey: string;
  apiSecret: string;
}

function fromEnv(io: CliIo, name: string): string {
  return (io.env[name] ?? '').trim();
}

/** What standard input should have held, for a message when it held something else. */
function expectedInput(prompts: readonly string[]): string {
  if (prompts.length === 2)
    return 'Standard input must hold the API key on its first line and the API secret on its second, and nothing else.';
  return prompts[0] === KEY_PROMPT
    ? `Standard input must hold only the API key (the API secret is taken from ${API_SECRET_ENV}).`
    : 'Standard input must hold only the API secret.';
}

/**
 * Reads the API key and secret of `accounts add`. The key: --api-key, else standard input with --api-key-stdin (or,
 * with neither and no COMMISSION_DESK_API_KEY, when typed at a terminal), else COMMISSION_DESK_API_KEY. The secret:
 * COMMISSION_DESK_API_SECRET, else standard input after the key. Throws a usage error saying how to give what is
 * missing; no message repeats a value.
 */
export async function readAccountCredentials(io: CliIo, options: ApiKeyOptions): Promise<EnteredCredentials> {
  if (options['api-key'] !== undefined && options['api-key-stdin'] === true) {
    throw usageError(`Give the API key one way: --api-key-stdin, ${API_KEY_ENV} or --api-key, not several.`, COMMAND);
  }
  const envKey = fromEnv(io, API_KEY_ENV);
  const envSecret = fromEnv(io, API_SECRET_ENV);
  const keyOnStdin =
    options['api-key-stdin'] === true || (options['api-key'] === undefined && envKey === '' && io.stdin.isTTY === true);
  const given = options['api-key'] ?? envKey;
  if (!keyOnStdin && given === '') {
    throw usageError(
      `No API key was given. Set ${API_KEY_ENV}, or add --api-key-stdin and pipe the key on the first line of standard input (the secret on the second).`,
      COMMAND,
    );
  }
  const prompts = [...(keyOnStdin ? [KEY_PROMPT] : []), ...(envSecret === '' ? [SECRET_PROMPT] : [])];
  const lines = prompts.length === 0 ? [] : await readStdinLines(io, prompts);
  if (lines.length > prompts.length) throw usageError(expectedInput(prompts), COMMAND);
  const apiKey = keyOnStdin ? (lines[0] ?? '') : given;
  const apiSecret = envSecret !== '' ? envSecret : (lines[prompts.length - 1] ?? '');
  if (apiKey === '') throw usageError(`No API key was read. ${expectedInput(prompts)}`, COMMAND);
  if (apiKey.length > MAX_KEY_LENGTH)
    throw usageError(`The API key is longer than ${MAX_KEY_LENGTH} characters: check what was given.`, COMMAND);
  if (apiSecret === '') {
    throw usageError(
      keyOnStdin
        ? `No API secret was read. ${expectedInput(prompts)} Or set ${API_SECRET_ENV}.`
        : `No API secret was given. Pipe it on standard input (e.g. from your password manager) or set ${API_SECRET_ENV}.`,
      COMMAND,
    );
  }
  return { apiKey, apiSecret };
}
