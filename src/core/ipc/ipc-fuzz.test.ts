/**
 * IPC input fuzzing (S6, S17): every channel of the contract, registered by `registerAllIpc` on a
 * real core, is called with hostile and random payloads. Every call must resolve to a well-formed
 * result (a value, or an error with a known code and a short sentence), never INTERNAL, never a
 * throw, never a polluted prototype; and the handler table must keep answering afterwards. The
 * random part is seeded: set FUZZ_SEED (and FUZZ_ROUNDS) to reproduce or to explore further.
 * S17 adds the bounds under the 1 MB limit: every string, array, number and map the contract's
 * schemas reach has a bound, and a payload breaking one in any field is refused before a handler runs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errors';
import { addDays, localIsoDay } from '../../shared/dates';
import { CHANNELS, IPC_CONTRACT, type BridgeMethod } from '../../shared/ipc-contract';
import { createTestCore, type TestCore } from '../../../test-support/app-core-kit';
import { createRandom, type Random } from '../demo';
import { createSilentLogger } from '../log';
import { createRecordingShell, type RecordingShell, isSafeExternalUrl } from '../security';
import { IpcTable } from './ipc-registrar';
import { registerAllIpc } from './register-ipc';

const SEED = Number(process.env.FUZZ_SEED ?? 20260701);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 150);
const TRUSTED = 'http://127.0.0.1:4000';
const ACCOUNT_ID = '6f1c2a9e-3b7d-4e8f-9a10-2b3c4d5e6f70';

/** A valid-looking input per method, so mutations land near the schema's edges. Methods missing here get hostile input only. */
const SAMPLES: Partial<Record<BridgeMethod, unknown>> = {
  testConnection: { baseUrl: 'https://127.0.0.1:1', apiKey: 'fuzz-key', apiSecret: 'fuzz-secret', appId: 'fuzz-app' },
  addAccount: {
    baseUrl: 'https://127.0.0.1:1',
    apiKey: 'fuzz-key',
    apiSecret: 'fuzz-secret',
    appId: 'fuzz-app',
    label: 'Fuzz',
    sessionOnly: true,
  },
  switchAccount: { accountId: ACCOUNT_ID },
  reauthenticate: { accountId: ACCOUNT_ID, apiSecret: 'fuzz-secret', appId: 'fuzz-app', sessionOnly: true },
  signOut: { accountId: ACCOUNT_ID, deleteCachedSales: false },
  querySales: {
    filter: { from: '2026-01-01', to: '2026-06-30' },
    sort: { column: 'transactionDate', direction: 'asc' },
    offset: 0,
    limit: 20,
  },
  summarizeSales: { from: '2026-01-01', to: '2026-06-30' },
  salesSeries: { filter: {}, interval: 'month' },
  topSales: { filter: {}, dimension: 'product', limit: 5 },
  salesFilterValues: {},
  salesChanges: { limit: 10 },
  salesStatusAge: { from: '2026-01-01', to: '2026-06-30' },
  exportFreshness: { filter: { from: '2026-01-01', to: '2026-06-30', dateBasis: 'payment' }, format: 'xlsx' },
  startSync: { from: '2026-06-01', to: '2026-06-30' },
  openExternal: { url: 'https://shop.example.com/collections/summer' },
  showInFolder: { path: '/tmp/commission-desk-fuzz.xlsx' },
};

const HOSTILE_STRINGS = [
  '',
  '../../../../etc/passwd',
  '..\\..\\..\\Windows\\System32\\config\\SAM',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'smb://attacker/share',
  '\u0000',
  '\uD800',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE sales; --",
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(1_100_000),
];
const HOSTILE_NUMBERS = [Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53 + 2, -0, 0.5, -1, Number.MIN_VALUE];

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Hostile payloads a channel may accept when they happen to be valid for it (e.g. `{}` for an all-optional filter). */
const MAY_BE_VALID = new Set(['empty object', 'null-prototype object', 'date', 'map']);

/** Big payloads, built once: deep, wide, long and over the 1 MB limit. */
const LARGE_PAYLOADS = [
  { label: 'deep object', value: nested(10_000, 1, false) },
  { label: 'deep array', value: nested(100_000, 1, true) },
  { label: 'wide object', value: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])) },
  { label: 'long array', value: Array.from({ length: 300_000 }, () => 1234) },
  { label: 'bytes', value: new Uint8Array(2_000_000) },
];

/** Payloads no channel should accept, plus odd values Electron's structured clone could carry. */
function hostilePayloads(sample: unknown): { label: string; value: unknown }[] {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const json = (text: string) => JSON.parse(text) as unknown;
  const withKey = (key: string, value: unknown) =>
    typeof sample === 'object' && sample !== null ? { ...sample, [key]: value } : { [key]: value };
  return [
    { label: 'null', value: null },
    { label: 'true', value: true },
    ...HOSTILE_NUMBERS.map((n) => ({ label: `number ${n}`, value: n })),
    ...HOSTILE_STRINGS.map((s) => ({ label: `string ${JSON.stringify(s.slice(0, 30))}(${s.length})`, value: s })),
    { label: 'empty object', value: {} },
    { label: 'empty array', value: [] },
    { label: 'array of the sample', value: [sample] },
    { label: 'sample as JSON text', value: JSON.stringify(sample ?? null) },
    {
      label: '__proto__ own key',
      value: json(`{"__proto__": {"polluted": true}, "sample": ${JSON.stringify(sample ?? null)}}`),
    },
    {
      label: '__proto__ inside the sample',
      value: Object.assign(json('{"__proto__": {"polluted": true}}') as object, sample ?? {}),
    },
    { label: 'constructor.prototype', value: withKey('constructor', { prototype: { polluted: true } }) },
    { label: 'prototype key', value: withKey('prototype', { polluted: true }) },
    { label: 'null-prototype object', value: Object.assign(Object.create(null) as object, sample ?? {}) },
    { label: 'unknown extra key', value: withKey('admin', true) },
    ...LARGE_PAYLOADS,
    { label: 'date', value: new Date(0) },
    { label: 'map', value: new Map([['a', 1]]) },
    { label: 'bigint', value: 10n ** 30n },
    { label: 'symbol', value: Symbol('x') },
    { label: 'function', value: () => 1 },
    { label: 'cyclic', value: cyclic },
    {
      label: 'throwing toJSON',
      value: {
        toJSON: () => {
          throw new Error('toJSON');
        },
      },
    },
    {
      label: 'throwing getter',
      value: Object.defineProperty({}, 'url', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    },
  ];
}

function randomHostileLeaf(random: Random): unknown {
  const pool: unknown[] = [
    null,
    undefined,
    true,
    false,
    {},
    [],
    ...HOSTILE_NUMBERS,
    ...HOSTILE_STRINGS.slice(0, -1),
    random.int(-1e9, 1e9),
    'A'.repeat(random.int(0, 5000)),
  ];
  return random.pick(pool);
}

/** One random mutation of `sample`: a field replaced, removed or added, or the whole value swapped. */
function mutate(sample: unknown, random: Random): { label: string; value: unknown } {
  if (typeof sample !== 'object' || sample === null || random.chance(0.15))
    return { label: 'random value', value: randomHostileLeaf(random) };
  const copy: Record<string, unknown> = structuredClone(sample as Record<string, unknown>);
  const keys = Object.keys(copy);
  const key = keys.length > 0 ? random.pick(keys) : 'x';
  const roll = random.next();
  if (roll < 0.55) copy[key] = randomHostileLeaf(random);
  else if (roll < 0.7) delete copy[key];
  else if (roll < 0.8) copy[key] = [copy[key]];
  else if (roll < 0.9)
    copy[random.pick(['__proto__', 'constructor', 'prototype', 'then', 'toString'])] = { polluted: true };
  else copy[key] = nested(random.int(50, 5000), copy[key], random.chance(0.5));
  return { label: `mutated ${key} (${roll.toFixed(3)})`, value: copy };
}

const resultShape = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({
    ok: z.literal(false),
    error: z.strictObject({ code: z.enum(ERROR_CODES), message: z.string().min(1).max(500) }),
  }),
]);

interface Harness extends TestCore {
  table: IpcTable;
  shell: RecordingShell;
  exportDir: string;
}

function harness(): Harness {
  const exportDir = mkdtempSync(join(tmpdir(), 'ipc-fuzz-'));
  const shell = createRecordingShell();
  const test = createTestCore({ chooseExportPath: async (name) => join(exportDir, name), shell });
  const table = new IpcTable();
  registerAllIpc(table, test.core, {
    trusted: { kind: 'origin', origin: TRUSTED },
    logger: createSilentLogger(),
  });
  return { ...test, table, shell, exportDir };
}

async function call(
  h: Harness,
  method: BridgeMethod,
  payload: unknown,
  senderUrl: string | null = `${TRUSTED}/`,
): Promise<unknown> {
  const listener = h.table.get(CHANNELS[method]);
  if (!listener) throw new Error(`${method} is not registered`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 15 s')), 15_000);
  });
  try {
    return await Promise.race([listener({ senderUrl }, payload), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const methods = Object.keys(CHANNELS) as BridgeMethod[];
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

// Hundreds of calls per test: on a busy two-core machine they need more than the default 30 s.
describe(`IPC fuzzing (FUZZ_SEED=${SEED}, FUZZ_ROUNDS=${ROUNDS})`, { timeout: 180_000 }, () => {
  let h: Harness;
  beforeAll(() => {
    h = harness();
  });
  afterAll(async () => {
    await h.core.close();
    rmSync(h.exportDir, { recursive: true, force: true });
  });

  it('S6: every channel answers hostile payloads (wrong types, > 1 MB, __proto__, ../, NaN, Infinity, deep nesting) with a typed error', async () => {
    const problems: string[] = [];
    for (const method of methods) {
      for (const { label, value } of hostilePayloads(SAMPLES[method])) {
        const result = await call(h, method, value).catch((error: unknown) => ({ threw: String(error) }));
        const parsed = resultShape.safeParse(result);
        if (!parsed.success) problems.push(`${method} / ${label}: malformed ${JSON.stringify(result).slice(0, 200)}`);
        else if (parsed.data.ok && !MAY_BE_VALID.has(label)) problems.push(`${method} / ${label}: accepted`);
        else if (!parsed.data.ok && parsed.data.error.code !== 'INVALID_INPUT' && !MAY_BE_VALID.has(label))
          problems.push(`${method} / ${label}: ${parsed.data.error.code}`);
        else if (!parsed.data.ok && parsed.data.error.code === 'INTERNAL')
          problems.push(`${method} / ${label}: INTERNAL`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('S6: random mutations of valid inputs always resolve to a value or a typed error, never INTERNAL', async () => {
    const random = createRandom(SEED);
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // The second half runs with the demo open, so valid-looking calls reach the cache, sync and export paths.
      if (round === Math.floor(ROUNDS / 2)) await call(h, 'startDemo', undefined);
      for (const method of methods) {
        const { label, value } = mutate(SAMPLES[method], random);
        const result = await call(h, method, value).catch((error: unknown) => ({ threw: String(error) }));
        const parsed = resultShape.safeParse(result);
        const where = `seed ${SEED} round ${round} ${method} / ${label}`;
        if (!parsed.success) problems.push(`${where}: malformed ${JSON.stringify(result)?.slice(0, 200)}`);
        else if (!parsed.data.ok && parsed.data.error.code === 'INTERNAL') problems.push(`${where}: INTERNAL`);
        else {
          try {
            structuredClone(parsed.data);
          } catch {
            problems.push(`${where}: the answer cannot cross IPC`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('S6: nothing was polluted, only safe links were opened, no file was revealed, and the table still answers normal calls', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(h.shell.opened.every((url) => isSafeExternalUrl(url))).toBe(true);
    expect(h.shell.shown).toEqual([]);
    expect(await call(h, 'getAppInfo', undefined)).toMatchObject({ ok: true, value: { name: 'Commission Desk' } });
    expect(await call(h, 'startDemo', undefined)).toMatchObject({ ok: true, value: { kind: 'demo' } });
    expect(await call(h, 'querySales', SAMPLES.querySales)).toMatchObject({ ok: true });
    expect(await call(h, 'getSession', undefined)).toMatchObject({ ok: true, value: { kind: 'demo' } });
  });
});

describe('IPC from a foreign frame', { timeout: 180_000 }, () => {
  it('S6: every channel refuses a call from a foreign frame or with no frame, with no side effect', async () => {
    const h = harness();
    try {
      const before = JSON.stringify(h.core.session.status());
      for (const senderUrl of [
        null,
        '',
        'https://evil.example/',
        'file:///tmp/evil.html',
        'http://127.0.0.1:4001/',
        'http://127.0.0.1:4000.evil.test/',
      ]) {
        for (const method of methods) {
          const result = await call(h, method, SAMPLES[method], senderUrl);
          expect(result, `${method} from ${senderUrl}`).toMatchObject({
            ok: false,
            error: { code: 'UNTRUSTED_SENDER' },
          });
        }
      }
      expect(JSON.stringify(h.core.session.status())).toBe(before);
      expect(h.core.session.secrets()).toEqual([]);
      expect(h.shell.opened).toEqual([]);
      expect(h.shell.shown).toEqual([]);
      expect(readdirSync(h.exportDir)).toEqual([]);
      expect(h.core.sync.status().running).toBe(false);
    } finally {
      await h.core.close();
      rmSync(h.exportDir, { recursive: true, force: true });
    }
  });
});

/** A filter with every field set, so the S17 variants reach every field of it. */
const FULL_FILTER = {
  from: '2026-01-01',
  to: '2026-06-30',
  dateBasis: 'payment',
  commissionStatuses: ['approved'],
  paymentStatuses: ['paid'],
  subids: ['newsletter', null],
  categories: ['shoes'],
  currencies: ['EUR'],
  collections: ['summer'],
  products: ['sandal'],
  text: 'sandal',
  includeNoLongerReported: true,
};

/** Valid inputs with every optional field filled, per channel with input; only their broken variants are sent. */
const FULL_SAMPLES: Partial<Record<BridgeMethod, unknown>> = {
  ...SAMPLES,
  addAccount: { ...(SAMPLES.addAccount as object), label: 'Fuzz' },
  reauthenticate: { ...(SAMPLES.reauthenticate as object), apiKey: 'fuzz-key' },
  querySales: { ...(SAMPLES.querySales as object), filter: FULL_FILTER },
  summarizeSales: FULL_FILTER,
  salesSeries: { filter: FULL_FILTER, interval: 'month' },
  topSales: { filter: FULL_FILTER, dimension: 'product', limit: 5 },
  salesFilterValues: FULL_FILTER,
  salesChanges: { since: '2026-01-01T00:00:00Z', limit: 10 },
  salesStatusAge: FULL_FILTER,
  startSync: { from: '2026-06-01', to: '2026-06-30', refresh: true },
  updatePreferences: {
    theme: 'dark',
    firstSyncDays: 30,
    trailingResyncDays: 60,
    finalSalesRecheckDays: 30,
    fiscalYearStartMonth: 4,
    account: {
      id: ACCOUNT_ID,
      values: {
        columns: [{ id: 'reference', width: 160, visible: true }],
        sort: { column: 'transactionDate', direction: 'asc' },
        filter: FULL_FILTER,
        datePreset: 'last30',
      },
    },
  },
  exportSales: {
    filter: FULL_FILTER,
    sort: { column: 'transactionDate', direction: 'asc' },
    columns: ['reference', 'currency'],
    format: 'csv',
    preset: 'payments',
  },
  exportFreshness: {
    filter: FULL_FILTER,
    sort: { column: 'transactionDate', direction: 'asc' },
    columns: ['reference', 'currency'],
    format: 'csv',
    preset: 'payments',
  },
};

type JsonSchema = { [key: string]: unknown };

/** Where a JSON Schema (zod's view of a channel's input) lets a value grow or range without bound. */
function unboundedSpots(schema: JsonSchema, where: string): string[] {
  const children = (key: 'anyOf' | 'oneOf' | 'allOf'): JsonSchema[] =>
    Array.isArray(schema[key]) ? (schema[key] as JsonSchema[]) : [];
  const nested = [...children('anyOf'), ...children('oneOf'), ...children('allOf')].flatMap((child, i) =>
    unboundedSpots(child, `${where}|${i}`),
  );
  if (nested.length > 0 || schema.anyOf || schema.oneOf || schema.allOf) return nested;
  if (schema.enum !== undefined || schema.const !== undefined) return [];
  switch (schema.type) {
    case 'boolean':
    case 'null':
      return [];
    case 'string':
      return typeof schema.maxLength === 'number' ? [] : [`${where}: string without a maximum length`];
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' && typeof schema.maximum === 'number'
        ? []
        : [`${where}: number without a range`];
    case 'array':
      return [
        ...(typeof schema.maxItems === 'number' ? [] : [`${where}: array without a maximum size`]),
        ...unboundedSpots((schema.items ?? {}) as JsonSchema, `${where}[]`),
      ];
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
      const open = schema.additionalProperties !== false;
      return [
        ...(open ? [`${where}: object that accepts unknown keys`] : []),
        ...properties.flatMap(([key, child]) => unboundedSpots(child, `${where}.${key}`)),
      ];
    }
    default:
      return [`${where}: accepts anything`];
  }
}

/** Paths to every leaf and container of a sample value. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, i) => pathsOf(item, [...path, i]))];
  if (typeof value === 'object' && value !== null)
    return [path, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  return [path];
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

function replacedAt(root: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = replacement;
  return copy;
}

/** Every way to break one bound of `sample` while staying under the 1 MB payload limit. */
function oversizedVariants(sample: unknown): { label: string; value: unknown }[] {
  return pathsOf(sample).flatMap((path) => {
    const where = path.join('.') || '(input)';
    const current = valueAt(sample, path);
    if (typeof current === 'string')
      return [{ label: `${where}: 100,000 characters`, value: replacedAt(sample, path, 'x'.repeat(100_000)) }];
    if (typeof current === 'number')
      return [
        { label: `${where}: 1e15`, value: replacedAt(sample, path, 1e15) },
        { label: `${where}: -1e15`, value: replacedAt(sample, path, -1e15) },
      ];
    if (Array.isArray(current)) {
      const item: unknown = current[0] ?? 'a';
      const count = Math.min(100_000, Math.floor(900_000 / (JSON.stringify(item).length + 1)));
      return [
        {
          label: `${where}: ${count} items`,
          value: replacedAt(
            sample,
            path,
            Array.from({ length: count }, () => item),
          ),
        },
      ];
    }
    if (typeof current === 'object' && current !== null)
      return [{ label: `${where}: unknown key`, value: replacedAt(sample, path, { ...current, unknownKey: 'x' }) }];
    return [];
  });
}

describe('IPC bounds', { timeout: 180_000 }, () => {
  let h: Harness;
  beforeAll(() => {
    h = harness();
  });
  afterAll(async () => {
    await h.core.close();
    rmSync(h.exportDir, { recursive: true, force: true });
  });

  async function expectRefused(method: BridgeMethod, label: string, value: unknown, problems: string[]): Promise<void> {
    const result = await call(h, method, value);
    const parsed = resultShape.safeParse(result);
    if (!parsed.success) problems.push(`${method} / ${label}: malformed`);
    else if (parsed.data.ok) problems.push(`${method} / ${label}: accepted`);
    else if (parsed.data.error.code !== 'INVALID_INPUT')
      problems.push(`${method} / ${label}: ${parsed.data.error.code}`);
  }

  it('S17: every string, array, number and map the contract accepts has a bound (maximum length or size, range, known keys)', () => {
    const problems = methods.flatMap((method) => {
      const input = IPC_CONTRACT[method].input;
      if (input.safeParse(undefined).success)
        return input.safeParse(null).success ? [`${method}: accepts anything`] : [];
      return unboundedSpots(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema, method);
    });
    expect(problems).toEqual([]);
  });

  it('S17: a long string, a huge array, an out-of-range number or an unknown key in any field, under 1 MB, is refused with a typed error', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const method of methods) {
      const sample = FULL_SAMPLES[method];
      if (sample === undefined) continue;
      expect(IPC_CONTRACT[method].input.safeParse(sample).success, `${method}'s sample is valid`).toBe(true);
      for (const { label, value } of oversizedVariants(sample)) {
        if (JSON.stringify(value).length >= 1_000_000)
          problems.push(`${method} / ${label}: over 1 MB, so not a bound test`);
        await expectRefused(method, label, value, problems);
        sent += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  });

  it('S17: sync days before 2000-01-01, filter days outside those a sale can carry (0100 to 9999), syncs and change queries more than a year ahead are refused; the edges are not', async () => {
    const today = localIsoDay(new Date());
    const inTwoYears = addDays(today, 731);
    const refused: [BridgeMethod, unknown][] = [
      ['summarizeSales', { from: '0099-12-31' }],
      ['salesStatusAge', { to: '10000-01-01' }],
      ['querySales', { filter: { from: '0001-01-01', to: '2026-01-01' }, offset: 0, limit: 10 }],
      ['exportFreshness', { filter: { from: '0050-01-01', to: '2026-01-31' }, format: 'csv' }],
      ['startSync', { from: '1999-12-31', to: '2026-01-01' }],
      ['startSync', { from: today, to: inTwoYears }],
      ['salesChanges', { since: '1969-12-31T23:59:59Z' }],
      ['salesChanges', { since: `${inTwoYears}T00:00:00Z` }],
      ['updatePreferences', { account: { id: 'demo', values: { filter: { from: '0099-01-01' } } } }],
    ];
    const problems: string[] = [];
    for (const [method, value] of refused) await expectRefused(method, JSON.stringify(value), value, problems);
    expect(problems).toEqual([]);
    const edges: [BridgeMethod, unknown][] = [
      ['summarizeSales', { from: '0100-01-01', to: '9999-12-31' }],
      ['salesSeries', { filter: { to: '9999-12-31' }, interval: 'day' }],
      ['salesChanges', { since: '1970-01-01T00:00:00Z' }],
    ];
    for (const [method, value] of edges) {
      const result = await call(h, method, value);
      expect(result, method).not.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(IPC_CONTRACT.startSync.input.safeParse({ from: '2000-01-01', to: addDays(today, 366) }).success).toBe(true);
  });

  it('S17: preferences take known keys only: an unknown setting, an account key that is neither an account id nor demo, or an unknown account field is refused', async () => {
    const problems: string[] = [];
    const unknown: unknown[] = [
      { devTools: true },
      { theme: 'dark', __proto__: { polluted: true } },
      { account: { id: 'x', values: {} } },
      { account: { id: 'constructor', values: {} } },
      { account: { id: `${ACCOUNT_ID}-extra`, values: {} } },
      { account: { id: ACCOUNT_ID, values: { script: 'alert(1)' } } },
      {
        account: {
          id: ACCOUNT_ID,
          values: { columns: [{ id: 'reference', width: 100, visible: true, color: 'red' }] },
        },
      },
      { account: { id: ACCOUNT_ID, values: { datePreset: '../../etc' } } },
    ];
    for (const value of unknown) await expectRefused('updatePreferences', JSON.stringify(value), value, problems);
    expect(problems).toEqual([]);
    expect(await call(h, 'getPreferences', undefined)).toMatchObject({ ok: true, value: { accounts: {} } });
  });
});
