/**
 * The `--help` texts, built from the same option table the parser uses, so the help can never list an option the
 * command does not take (or miss one it does). `program` is how the person ran the command, so every example can be
 * pasted as it is.
 */
import { COMMANDS, GLOBAL_OPTIONS, type CommandName, type OptionHelp } from './cli-args';
import { EXIT_CODES } from './cli-errors';

/** The ways to run the same commands, shown in the overview. */
const WAYS_TO_RUN = [
  'The same commands, wherever Commission Desk is:',
  '  npm run cli -- <command> …            in the source folder (runs the TypeScript with tsx)',
  '  node out/cli/index.js <command> …     after "npm run build"; "npm link" installs it as commission-desk',
  '  commission-desk --cli <command> …     the installed app, without opening a window',
  '                                        (Windows: "Commission Desk.exe" --cli …, its output redirected to a file;',
  '                                        Linux without a display: commission-desk --ozone-platform=headless --cli …)',
];

function optionLines(options: Readonly<Record<string, OptionHelp>>): string[] {
  const shown = Object.entries(options).filter(([, o]) => !o.hidden);
  const labels = shown.map(([name, o]) => `--${name}${o.value ? ` ${o.value}` : ''}${name === 'help' ? ', -h' : ''}`);
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  return shown.map(([, o], i) => `  ${(labels[i] ?? '').padEnd(width)}${o.help}`);
}

const EXITS: [number, string][] = [
  [EXIT_CODES.ok, 'done'],
  [EXIT_CODES.failure, 'unexpected failure'],
  [EXIT_CODES.usage, 'wrong arguments or a refused value'],
  [EXIT_CODES.account, 'unknown account, or credentials missing or refused'],
  [EXIT_CODES.service, 'the service could not be reached or answered with an error (retry later)'],
  [EXIT_CODES.keychain, 'the system keychain could not be used'],
  [EXIT_CODES.cache, 'the sales cache could not be opened'],
  [EXIT_CODES.export, 'the export file could not be written, or exists (see --force)'],
  [EXIT_CODES.busy, 'the app or another command is syncing this account (see sync --wait)'],
  [EXIT_CODES.cancelled, 'interrupted; nothing half-written is left'],
];
const EXIT_LINES = ['Exit codes:', ...EXITS.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`)];

/** The overview: every command with its summary. */
export function mainHelp(program: string): string {
  const names = Object.keys(COMMANDS) as CommandName[];
  const width = Math.max(...names.map((n) => n.length)) + 2;
  return [
    'Commission Desk headless command: accounts, sync and month-end exports on the same accounts, keychain and cache as the app.',
    '',
    `Usage: ${program} <command> [options]`,
    '',
    'Commands:',
    ...names.map((n) => `  ${n.padEnd(width)}${COMMANDS[n].summary}`),
    '',
    'Options of every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    ...EXIT_LINES,
    '',
    ...WAYS_TO_RUN,
    '',
    `Run "${program} <command> --help" for a command's options, "${program} --version" for the app's version.`,
    '',
  ].join('\n');
}

/** The help of one command. */
export function commandHelp(name: CommandName, program: string): string {
  const spec = COMMANDS[name];
  const notes = ('notes' in spec ? (spec.notes as readonly string[]) : []).map((note) =>
    note.replaceAll('{program}', program),
  );
  return [
    spec.summary,
    '',
    `Usage: ${program} ${spec.usage}`,
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    'Options:',
    ...optionLines({ ...spec.options, ...GLOBAL_OPTIONS }),
    '',
    ...EXIT_LINES,
    '',
  ].join('\n');
}
