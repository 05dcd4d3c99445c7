/**
 * `commission-desk --cli <command> …`: the installed app runs the headless command's commands on its own command line,
 * so a month-end job needs nothing but the app. It is decided from the arguments before anything else starts: no
 * window, no menu, no single-instance lock (the command may run beside the open app, as the plain-Node command does),
 * and the command's exit code becomes the process's. The command works on the app's own data folder and keychain entry.
 * Electron's own switches (e.g. `--ozone-platform=headless` on a Linux machine without a display) go before `--cli`;
 * everything after it belongs to the command.
 */
import { posix, win32 } from 'node:path';
import type { App } from 'electron';
import { findCommand } from '../cli/cli-args';
import { EXIT_CODES, type ExitCode } from '../cli/cli-errors';
import { runCliInProcess } from '../cli/process-run';
import { KEYCHAIN_SERVICE } from '../core/keychain';

/** The switch that turns the app into the headless command. */
export const CLI_SWITCH = '--cli';

/** The command's arguments (everything after `--cli`), or null when the app was started to open its window. */
export function cliSwitchArgs(argv: readonly string[]): string[] | null {
  const at = argv.indexOf(CLI_SWITCH);
  return at === -1 ? null : argv.slice(at + 1);
}

/**
 * How the person started the app's command, for its help and hints: the executable's name (its full path on macOS,
 * where it lies inside the .app bundle), quoted when it has a space; a development build through `npx electron .`.
 */
export function cliProgram(execPath: string, isPackaged: boolean, platform: NodeJS.Platform): string {
  if (!isPackaged) return `npx electron . ${CLI_SWITCH}`;
  const name =
    platform === 'darwin' ? execPath : platform === 'win32' ? win32.basename(execPath) : posix.basename(execPath);
  return `${/\s/.test(name) ? `"${name}"` : name} ${CLI_SWITCH}`;
}

/** Where the command finds the app's data and credentials when the person names none. */
export interface AppDefaults {
  dataDir: string;
  keychainService: string;
}

/**
 * `args` with the app's data folder and keychain service put right after the command's name, so options the person
 * gave (later on the line) still win. Arguments that name no command are left as they are (help, or an error).
 */
export function withAppDefaults(args: readonly string[], defaults: AppDefaults): string[] {
  const found = findCommand(args);
  if (found === null) return [...args];
  const name = args.slice(0, args.length - found.rest.length);
  return [...name, '--data-dir', defaults.dataDir, '--keychain-service', defaults.keychainService, ...found.rest];
}

/** The parts of Electron's `app` the switch uses. */
export type CliSwitchApp = Pick<App, 'getPath' | 'getVersion' | 'exit'> & { readonly isPackaged: boolean };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A failure nothing caught is said on stderr and ends the app with exit code 1, as it would end plain Node: Electron's
 * own answer, an error dialog, would wait for a click that never comes in a scheduled job.
 */
function endOnUncaught(app: CliSwitchApp): void {
  const fail = (error: unknown): void => {
    process.stderr.write(`Error: Something unexpected went wrong: ${describe(error)}\n`);
    app.exit(EXIT_CODES.failure);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
}

/** Runs the command in `args`, then ends the app with its exit code. */
export async function runCliSwitch(
  app: CliSwitchApp,
  args: readonly string[],
  host = { execPath: process.execPath, platform: process.platform },
): Promise<void> {
  // The same keychain entry as the app itself: a development build keeps its credentials apart.
  const keychainService = app.isPackaged ? KEYCHAIN_SERVICE.production : KEYCHAIN_SERVICE.development;
  let code: ExitCode = EXIT_CODES.failure;
  endOnUncaught(app);
  try {
    code = await runCliInProcess(withAppDefaults(args, { dataDir: app.getPath('userData'), keychainService }), {
      program: cliProgram(host.execPath, app.isPackaged, host.platform),
      appVersion: app.getVersion(),
    });
  } catch (error) {
    process.stderr.write(`Error: Something unexpected went wrong: ${describe(error)}\n`);
  } finally {
    // Electron stays up after its main script unless told to end; nothing else is running to end it.
    app.exit(code);
  }
}
