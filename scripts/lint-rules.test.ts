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
    expect(await ruleIds(code, 'src/main/service/leak.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'src/main/ipc/electron-ipc.ts')).not.toContain('no-restricted-imports');
  });

  it('forbids raw ipcRenderer outside the preload', async () => {
    const code = "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n";
    expect(await ruleIds(code, 'src/renderer/src/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids renderer imports of main-process or preload code', async () => {
    const code = "import { createAppCore } from '../../main/core/app-core';\nexport const x = createAppCore;\n";
    expect(await ruleIds(code, 'src/renderer/src/leak.ts')).toContain('no-restricted-imports');
  });

  it('forbids electron in Electron-free core modules', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await ruleIds(code, 'src/main/cache/leak.ts')).toContain('no-restricted-imports');
  });
});
