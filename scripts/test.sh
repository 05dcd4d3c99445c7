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

# A test run writes only to ignored folders (test-reports/, out/); this is checked at the end.
tree_before=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then tree_before=$(git status --porcelain); fi

step "Type-check: main, preload, shared, tests (tsconfig.node.json)"
npx tsc -p tsconfig.node.json
step "Type-check: renderer (tsconfig.web.json)"
npx tsc -p tsconfig.web.json
step "Type-check: end-to-end tests (tsconfig.e2e.json)"
npx tsc -p tsconfig.e2e.json
step "Lint (ESLint)"
npx eslint --max-warnings=0 .
step "Unused files, exports and dependencies (knip)"
npx knip --no-progress
step "Formatting (Prettier)"
npx prettier --check . >/dev/null || { npx prettier --list-different .; echo "Run: npx prettier --write ." >&2; exit 1; }
rm -rf test-reports
step "Unit and integration tests (vitest)"
bash scripts/with-keyring.sh npx vitest run
step "Build (electron-vite)"
npx electron-vite build
step "End-to-end: renderer in Chromium via the test host (Playwright web)"
PW_SUMMARY_NAME=web bash scripts/with-keyring.sh npx playwright test --project=web
step "End-to-end: the Electron app (Playwright electron)"
if ! node -e 'const fs = require("fs"), p = require("path"); const d = p.dirname(require.resolve("electron/package.json"));
    const f = p.join(d, "path.txt"); process.exit(fs.existsSync(f) && fs.existsSync(p.join(d, "dist", fs.readFileSync(f, "utf8").trim())) ? 0 : 1)'; then
  echo "Note: the Electron binary is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD), so the electron project's tests are skipped; they run wherever npm could download Electron."
fi
electron_display=()
if [[ "$(uname -s)" == "Linux" && -z "${DISPLAY:-}" ]] && command -v xvfb-run >/dev/null 2>&1; then
  electron_display=(xvfb-run -a)
fi
PW_SUMMARY_NAME=electron bash scripts/with-keyring.sh "${electron_display[@]}" npx playwright test --project=electron

if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [[ "$(git status --porcelain)" != "$tree_before" ]]; then
  echo "The test run changed files in the working tree (tests must write to test-reports/):" >&2
  diff <(echo "$tree_before") <(git status --porcelain) >&2 || true
  exit 1
fi

node scripts/summarize-tests.mjs test-reports/vitest.json test-reports/playwright-web.json test-reports/playwright-electron.json
