import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('architecture lint rules', () => {
  it('forbids raw ipcMain outside the IPC wrapper file', async () => {
    const code = "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n";
    expect(await ruleIds(code, 'src/core/service/leak.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'src/main/electron-ipc.ts')).not.toContain('no-restricted-imports');
  });

  it('forbids raw ipcRenderer outside the preload', async () => {
    const code = "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n";
    expect(await ruleIds(code, 'src/renderer/src/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids renderer imports of main-process or preload code', async () => {
    const code = "import { registerAllIpc } from '../../main/electron-ipc';\nexport const x = registerAllIpc;\n";
    expect(await ruleIds(code, 'src/renderer/src/leak.ts')).toContain('no-restricted-imports');
    const core = "import { createAppCore } from '../../core/app';\nexport const x = createAppCore;\n";
    expect(await ruleIds(core, 'src/renderer/src/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids electron in Electron-free core modules', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    for (const file of [
      'src/core/cache/leak.ts',
      'src/core/cache/browse/leak.ts',
      'src/cli/leak.ts',
      'src/shared/leak.ts',
    ]) {
      expect(await ruleIds(code, file), file).toContain('no-restricted-imports');
    }
    const store = "import Store from 'electron-store';\nexport const x = Store;\n";
    expect(await ruleIds(store, 'src/core/settings/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids production code to import test support, and lets tests use it', async () => {
    const code = "import { tempDir } from '../../../test-support/cache-kit';\nexport const x = tempDir;\n";
    for (const file of [
      'src/core/cache/leak.ts',
      'src/main/leak.ts',
      'src/cli/leak.ts',
      'src/preload/leak.ts',
      'src/renderer/src/leak.ts',
    ]) {
      expect(await ruleIds(code, file), file).toContain('no-restricted-imports');
    }
    expect(await ruleIds(code, 'src/core/cache/leak.test.ts')).not.toContain('no-restricted-imports');
  });
});

describe('the tree says what it is', () => {
  it('H3: an import that closes a cycle fails the lint, an import of types only included', async () => {
    // The app core reaches src/shared/money.ts, so money.ts importing the app core closes a loop.
    const value = "import { createAppCore } from '../core/app';\nexport const x = createAppCore;\n";
    expect(await ruleIds(value, 'src/shared/money.ts')).toContain('tree/no-cycle');
    const types = "import type { AppCore } from '../core/app';\nexport type X = AppCore;\n";
    expect(await ruleIds(types, 'src/shared/money.ts')).toContain('tree/no-cycle');
    // Nothing the app core imports reaches the main process's files: the same import is legal there.
    expect(await ruleIds(value, 'src/main/leak.ts')).not.toContain('tree/no-cycle');
  });

  it('H3: code outside a folder with an index.ts imports the folder, never a file inside it', async () => {
    const inside = "import { csvTextField } from '../export/text-safety';\nexport const x = csvTextField;\n";
    expect(await ruleIds(inside, 'src/core/compare/leak.ts')).toContain('tree/index-door');
    expect(await ruleIds(inside, 'src/core/compare/leak.test.ts')).toContain('tree/index-door');
    const door = "import { csvTextField } from '../export';\nexport const x = csvTextField;\n";
    expect(await ruleIds(door, 'src/core/compare/leak.ts')).not.toContain('tree/index-door');
    const own = "import { csvTextField } from './text-safety';\nexport const x = csvTextField;\n";
    expect(await ruleIds(own, 'src/core/export/leak.ts')).not.toContain('tree/index-door');
  });

  it('H3: a folder inside a folder keeps its own door, and the outer door is the only way in from outside', async () => {
    const nested = "import { MIGRATIONS } from './file/migrations/index';\nexport const x = MIGRATIONS;\n";
    expect(await ruleIds(nested, 'src/core/cache/leak.ts')).toContain('tree/index-door');
    const sibling = "import { openCache } from '../cache/file';\nexport const x = openCache;\n";
    expect(await ruleIds(sibling, 'src/core/sync/leak.ts')).toContain('tree/index-door');
    const inner = "import { MIGRATIONS } from './migrations';\nexport const x = MIGRATIONS;\n";
    expect(await ruleIds(inner, 'src/core/cache/file/leak.ts')).not.toContain('tree/index-door');
  });
});
