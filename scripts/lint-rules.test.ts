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
    for (const file of ['src/core/cache/leak.ts', 'src/core/cache/browse/leak.ts', 'src/cli/leak.ts', 'src/shared/leak.ts']) {
      expect(await ruleIds(code, file), file).toContain('no-restricted-imports');
    }
    const store = "import Store from 'electron-store';\nexport const x = Store;\n";
    expect(await ruleIds(store, 'src/core/settings/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids production code to import test support, and lets tests use it', async () => {
    const code = "import { tempDir } from '../../../test-support/cache-kit';\nexport const x = tempDir;\n";
    for (const file of ['src/core/cache/leak.ts', 'src/main/leak.ts', 'src/cli/leak.ts', 'src/preload/leak.ts', 'src/renderer/src/leak.ts']) {
      expect(await ruleIds(code, file), file).toContain('no-restricted-imports');
    }
    expect(await ruleIds(code, 'src/core/cache/leak.test.ts')).not.toContain('no-restricted-imports');
  });
});
