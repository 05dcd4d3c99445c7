/**
 * One case in its own process: `node --import tsx bench/child.ts <input.json> <output.json>`. Loads
 * `bench/cases/<name>.ts`, runs it, and writes its rows plus this process's peak RSS (the figure a case's memory
 * target is about) to the output file. Progress goes to stderr; the runner prefixes and forwards it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { CaseInput, RunCase } from './lib/case';
import type { CaseOutput } from './lib/rows';

/** What the child hands back to the runner. */
export type ChildResult =
  { ok: true; output: CaseOutput; peakRssMb: number } | { ok: false; error: string; peakRssMb: number };

const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;

async function main(): Promise<void> {
  const [inputPath, outputPath] = process.argv.slice(2);
  if (inputPath === undefined || outputPath === undefined)
    throw new Error('usage: bench/child.ts <input.json> <output.json>');
  const input = JSON.parse(readFileSync(inputPath, 'utf8')) as CaseInput;
  let result: ChildResult;
  try {
    const module = (await import(`./cases/${input.case}.ts`)) as { run: RunCase };
    const output = await module.run(input);
    result = { ok: true, output, peakRssMb: peakRssMb() };
  } catch (error) {
    result = {
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      peakRssMb: peakRssMb(),
    };
  }
  writeFileSync(outputPath, JSON.stringify(result));
  // Some cases leave handles behind on failure (a socket, a browser); the result is written, so end here.
  process.exit(result.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
