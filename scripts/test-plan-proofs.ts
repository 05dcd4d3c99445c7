/**
 * Rewrites the "proved in" column of docs/test-plan.md from the test titles (`T1: …`), so the plan says truly which
 * files prove each row. Run after adding or renaming a test: `npx tsx scripts/test-plan-proofs.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { proofsById, withProofs } from './test-plan-lib';

const PLAN = 'docs/test-plan.md';
const before = readFileSync(PLAN, 'utf8');
const after = await format(withProofs(before, proofsById()), { ...(await resolveConfig(PLAN)), filepath: PLAN });
writeFileSync(PLAN, after);
console.log(after === before ? `${PLAN} was already up to date.` : `${PLAN}: the "proved in" column was rewritten.`);
