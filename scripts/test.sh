#!/usr/bin/env bash
# `npm test`: type-check each tsconfig, lint, unit/integration tests (inside a private keyring
# session on Linux), build, then the Playwright web project and the electron project (which skips
# with a message where the Electron binary is absent).
set -euo pipefail
cd "$(dirname "$0")/.."

node -e '
  const [a, b] = process.versions.node.split(".").map(Number);
  if (!(a > 22 || (a === 22 && b >= 12))) {
    console.error(`Node ${process.versions.node} is too old: Commission Desk needs Node >= 22.12. Run "source scripts/ensure-node.sh" first.`);
    process.exit(1);
  }'

step() { printf '\n=== %s ===\n' "$*"; }

step "Type-check: main, preload, shared, tests (tsconfig.node.json)"
npx tsc -p tsconfig.node.json
step "Type-check: renderer (tsconfig.web.json)"
npx tsc -p tsconfig.web.json
step "Type-check: end-to-end tests (tsconfig.e2e.json)"
npx tsc -p tsconfig.e2e.json
step "Lint (ESLint)"
npx eslint --max-warnings=0 .
step "Unit and integration tests (vitest)"
bash scripts/with-keyring.sh npx vitest run
step "Build (electron-vite)"
npx electron-vite build
step "End-to-end: renderer in Chromium via the test host (Playwright web)"
bash scripts/with-keyring.sh npx playwright test --project=web
step "End-to-end: the Electron app (Playwright electron)"
npx playwright test --project=electron
