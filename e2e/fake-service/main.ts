/**
 * The fake service as a child process, for e2e tests and benchmarks that need a real server in another
 * process. Start it with `node --import tsx e2e/fake-service/main.ts [options]`; it prints
 *
 *   FAKE_SERVICE_READY <baseUrl> <caPemPath>
 *   FAKE_SERVICE_INFO <path of a JSON file (mode 0600): baseUrl, httpUrl, caPemPath, credentials>
 *
 * (the credentials go to a file, not stdout, so no secret, even a fake one, lands in a CI log)
 * and then reads one JSON command per line on stdin, answering `FAKE_SERVICE_OK <json>` or
 * `FAKE_SERVICE_ERROR <message>`:
 *
 *   {"op":"setFaults","faults":{...}}  {"op":"resetFaults"}  {"op":"setReportAccess","allowed":false}
 *   {"op":"changeStatuses","count":10}  {"op":"requests"}  {"op":"clearRequests"}
 *   {"op":"stop"}  {"op":"start"}  {"op":"close"}
 *
 * It exits when stdin closes (so a crashed parent leaves no orphan), on SIGINT/SIGTERM, or on "close".
 * Options: --sales N --seed N --end-day yyyy-mm-dd --days N --today yyyy-mm-dd --port N --http-port N
 * --latency MS --no-report-access --api-key K --api-secret S --app-id A --ignore-stdin
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z, ZodError } from 'zod';
import { startFakeService, type FakeService, type FakeServiceOptions } from './fake-service';
import type { FaultPatch } from './faults';

const commandSchema = z.discriminatedUnion('op', [
  /** Checked in full by `setFaults` once merged with the current knobs (a partial schema would fill in defaults). */
  z.object({ op: z.literal('setFaults'), faults: z.record(z.string(), z.unknown()) }),
  z.object({ op: z.literal('resetFaults') }),
  z.object({ op: z.literal('setReportAccess'), allowed: z.boolean() }),
  z.object({
    op: z.literal('changeStatuses'),
    count: z.number().int().min(1),
    fromCommissionStatus: z.string().optional(),
    to: z
      .object({
        commission_status: z.string().optional(),
        payment_status: z.string().optional(),
        payment_date: z.string().nullable().optional(),
      })
      .optional(),
  }),
  z.object({ op: z.literal('requests') }),
  z.object({ op: z.literal('clearRequests') }),
  z.object({ op: z.literal('stop') }),
  z.object({ op: z.literal('start') }),
  z.object({ op: z.literal('close') }),
]);
type Command = z.infer<typeof commandSchema>;

const integer = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Number.parseInt(text, 10);

function optionsFromArgs(argv: string[]): { options: FakeServiceOptions; ignoreStdin: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      sales: { type: 'string' },
      seed: { type: 'string' },
      'end-day': { type: 'string' },
      days: { type: 'string' },
      today: { type: 'string' },
      port: { type: 'string' },
      'http-port': { type: 'string' },
      latency: { type: 'string' },
      'no-report-access': { type: 'boolean' },
      'api-key': { type: 'string' },
      'api-secret': { type: 'string' },
      'app-id': { type: 'string' },
      'ignore-stdin': { type: 'boolean' },
    },
  });
  const credentials = {
    ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
    ...(values['api-secret'] === undefined ? {} : { apiSecret: values['api-secret'] }),
    ...(values['app-id'] === undefined ? {} : { appId: values['app-id'] }),
  };
  const options: FakeServiceOptions = {
    sales: {
      count: integer(values.sales),
      seed: integer(values.seed),
      endDay: values['end-day'],
      days: integer(values.days),
    },
    today: values.today,
    credentials,
    reportAccess: values['no-report-access'] !== true,
    port: integer(values.port),
    httpPort: integer(values['http-port']),
    faults: { latencyMs: integer(values.latency) ?? 0 },
  };
  return { options, ignoreStdin: values['ignore-stdin'] === true };
}

/** One line, naming the field: zod's own message is multi-line JSON. */
function describeError(error: unknown): string {
  if (error instanceof ZodError) {
    return error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}${'keys' in i ? ` ${String(i.keys)}` : ''}`)
      .join('; ');
  }
  return error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error);
}

async function execute(service: FakeService, command: Command): Promise<unknown> {
  switch (command.op) {
    case 'setFaults':
      service.setFaults(command.faults as FaultPatch);
      return service.faults;
    case 'resetFaults':
      service.resetFaults();
      return service.faults;
    case 'setReportAccess':
      service.setReportAccess(command.allowed);
      return { allowed: command.allowed };
    case 'changeStatuses':
      return service.changeSaleStatuses(command).map((s) => s.reference);
    case 'requests':
      return service.requests;
    case 'clearRequests':
      service.clearRequests();
      return {};
    case 'stop':
      await service.stop();
      return {};
    case 'start':
      await service.start();
      return {};
    case 'close':
      await service.close();
      process.exit(0);
  }
}

function listenForCommands(service: FakeService, ignoreStdin: boolean): void {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let command: Command;
    try {
      command = commandSchema.parse(JSON.parse(line));
    } catch (error) {
      process.stdout.write(`FAKE_SERVICE_ERROR ${describeError(error)}\n`);
      return;
    }
    execute(service, command).then(
      (result) => process.stdout.write(`FAKE_SERVICE_OK ${JSON.stringify(result)}\n`),
      (error: unknown) => process.stdout.write(`FAKE_SERVICE_ERROR ${describeError(error)}\n`),
    );
  });
  if (!ignoreStdin && !process.stdin.isTTY) lines.on('close', () => void service.close().then(() => process.exit(0)));
}

async function main(): Promise<void> {
  const { options, ignoreStdin } = optionsFromArgs(process.argv.slice(2));
  const service = await startFakeService(options);
  const info = {
    baseUrl: service.baseUrl,
    httpUrl: service.httpUrl,
    caPemPath: service.caPemPath,
    credentials: service.credentials,
  };
  const infoPath = join(dirname(service.caPemPath), `fake-service-${process.pid}.json`);
  await writeFile(infoPath, JSON.stringify(info, null, 2), { mode: 0o600 });
  process.stdout.write(`FAKE_SERVICE_READY ${service.baseUrl} ${service.caPemPath}\n`);
  process.stdout.write(`FAKE_SERVICE_INFO ${infoPath}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void service.close().then(() => process.exit(0)));
  listenForCommands(service, ignoreStdin);
}

main().catch((error: unknown) => {
  process.stderr.write(`The fake service could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
