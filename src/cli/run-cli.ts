/**
 * Runs one headless command from its arguments and returns the exit code: finds the command, parses and checks its
 * options, opens the shared settings, keychain and cache, runs it, and turns any failure into one plain message on
 * stderr (with what to do next) and an exit code a scheduler can act on. Secrets read during the run are removed
 * from anything printed.
 */
import { AppError } from '../shared/errors';
import { redact } from '../core/log';
import { COMMANDS, findCommand, GROUPS, parseCommand, type CommandName, type CommandOptions } from './cli-args';
import { openCliContext, type CliContext } from './cli-context';
import { CliError, EXIT_CODES, exitCodeOf, usageError, type ExitCode } from './cli-errors';
import { commandHelp, mainHelp } from './cli-help';
import type { CliIo } from './cli-io';
import { writeJsonLine } from './progress';
import { addAccount, listAccounts, removeAccount } from './commands/accounts-commands';
import { ratesImportCommand, ratesStatusCommand } from './commands/rates-commands';
import { agingCommand } from './commands/aging-command';
import { bridgeCommand } from './commands/bridge-command';
import { adjustmentsCommand, closeCommand, reopenCommand } from './commands/month-close-command';
import { yearCommand } from './commands/year-command';
import { changesCommand } from './commands/changes-command';
import { exportCommand } from './commands/export-command';
import { matchCommand } from './commands/match-command';
import { ledgerCommand } from './commands/ledger-command';
import { payoutsCommand, summaryCommand } from './commands/report-commands';
import { syncCommand } from './commands/sync-command';

type Runner<C extends CommandName> = (
  context: CliContext,
  options: CommandOptions<C>,
  io: CliIo,
  secrets: string[],
) => Promise<void>;

const RUNNERS: { [C in CommandName]: Runner<C> } = {
  'accounts list': listAccounts,
  'accounts add': addAccount,
  'accounts remove': removeAccount,
  'rates import': ratesImportCommand,
  'rates status': ratesStatusCommand,
  sync: syncCommand,
  changes: changesCommand,
  export: exportCommand,
  aging: agingCommand,
  bridge: bridgeCommand,
  close: closeCommand,
  reopen: reopenCommand,
  adjustments: adjustmentsCommand,
  year: yearCommand,
  ledger: ledgerCommand,
  match: matchCommand,
  payouts: payoutsCommand,
  summary: summaryCommand,
};

function describe(error: unknown, program: string): { message: string; hint: string | undefined } {
  if (error instanceof CliError)
    return { message: error.message, hint: typeof error.hint === 'function' ? error.hint(program) : error.hint };
  if (error instanceof AppError) return { message: error.message, hint: undefined };
  const detail = error instanceof Error ? error.message : String(error);
  return {
    message: `Something unexpected went wrong: ${detail}`,
    hint: 'If it keeps happening, report it with the command you ran (without secrets).',
  };
}

/** `io` with every known secret removed from what it prints. */
function redacting(io: CliIo, secrets: string[]): CliIo {
  return {
    ...io,
    stdout: (text) => io.stdout(redact(text, secrets)),
    stderr: (text) => io.stderr(redact(text, secrets)),
  };
}

async function runCommand<C extends CommandName>(
  name: C,
  args: string[],
  io: CliIo,
  secrets: string[],
): Promise<ExitCode> {
  const parsed = parseCommand(name, args);
  if (parsed.help) {
    io.stdout(commandHelp(name, io.program));
    return EXIT_CODES.ok;
  }
  const context = await openCliContext(parsed.globals, io);
  try {
    await (RUNNERS[name] as Runner<C>)(context, parsed.options, io, secrets);
    return EXIT_CODES.ok;
  } finally {
    await context.close();
  }
}

/** Whether stdout is JSON lines (sync and export with --json), so a failure ends them with an error object too. */
function writesJsonLines(args: readonly string[]): boolean {
  const found = findCommand(args);
  return (found?.name === 'sync' || found?.name === 'export') && found.rest.includes('--json');
}

/** Runs the command in `args` (the arguments after `npm run cli --`, or after the app's `--cli`) and returns its exit code. */
export async function runCli(args: readonly string[], rawIo: CliIo): Promise<ExitCode> {
  const secrets: string[] = [];
  const io = redacting(rawIo, secrets);
  if (args.length === 0 || ['--help', '-h', 'help'].includes(args[0] ?? '')) {
    io.stdout(mainHelp(io.program));
    return args.length === 0 ? EXIT_CODES.usage : EXIT_CODES.ok;
  }
  if (args.length === 1 && ['--version', '-v', 'version'].includes(args[0] ?? '')) {
    io.stdout(`Commission Desk ${io.appVersion}\n`);
    return EXIT_CODES.ok;
  }
  try {
    const found = findCommand(args);
    if (found === null) {
      const what = GROUPS.includes(args[0] ?? '') ? `${args[0]} ${args[1] ?? ''}`.trim() : (args[0] ?? '');
      throw usageError(`"${what}" is not a command. The commands are: ${Object.keys(COMMANDS).join(', ')}.`);
    }
    return await runCommand(found.name, found.rest, io, secrets);
  } catch (error) {
    const { message, hint } = describe(error, io.program);
    io.stderr(`Error: ${message}\n${hint ? `${hint}\n` : ''}`);
    const exitCode = exitCodeOf(error);
    if (writesJsonLines(args))
      writeJsonLine(io.stdout, { event: 'error', exitCode, message, ...(hint ? { hint } : {}) });
    return exitCode;
  }
}
