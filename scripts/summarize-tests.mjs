// Prints one closing line for the whole `npm test` run from the JSON reports of vitest and
// Playwright: "Summary: N passed, N failed, N skipped". Exits 1 when a report is missing.
import { existsSync, readFileSync } from 'node:fs';

const reports = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function countPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'skipped') skipped += 1;
      else if (test.status === 'expected' || test.status === 'flaky') passed += 1;
      else failed += 1;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

for (const file of reports) {
  if (!existsSync(file)) {
    console.error(`summarize-tests: missing report ${file}`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    for (const suite of report.suites ?? []) countPlaywright(suite);
  }
}
console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
