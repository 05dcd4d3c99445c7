import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopActions, createRecordingShell } from './desktop-actions';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function writtenFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'desktop-actions-'));
  dirs.push(dir);
  const file = join(dir, name);
  writeFileSync(file, 'x');
  return file;
}

describe('desktop actions', () => {
  it('S4: openExternal opens an https link, normalised, through the one policy', async () => {
    const shell = createRecordingShell();
    const actions = createDesktopActions(shell);
    expect(await actions.openExternal('HTTPS://Shop.Example.com/collections/summer?x=1')).toBe(
      'https://shop.example.com/collections/summer?x=1',
    );
    expect(shell.opened).toEqual(['https://shop.example.com/collections/summer?x=1']);
  });

  it('S4: openExternal refuses file:, javascript:, smb:, custom schemes and look-alikes, opening nothing', async () => {
    const shell = createRecordingShell();
    const actions = createDesktopActions(shell);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'commission-desk://x',
      'http://shop.example.com/',
      'https://xn--pple-43d.com/',
      'https://аpple.com/',
      'https://localhost./',
      'https://router.local/',
    ]) {
      await expect(actions.openExternal(bad), bad).rejects.toMatchObject({ code: 'INSECURE_URL' });
    }
    expect(shell.opened).toEqual([]);
  });

  it('S6: showInFolder shows only a file this run wrote, never a path the renderer made up', () => {
    const shell = createRecordingShell();
    const actions = createDesktopActions(shell);
    const exported = writtenFile('sales.xlsx');
    expect(() => actions.showInFolder(exported)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    actions.rememberWrittenFile(exported);
    actions.showInFolder(exported);
    for (const trick of [
      `${exported}/../../../../etc/passwd`,
      '/etc/passwd',
      'sales.xlsx',
      `${exported}\0.txt`,
      join(exported, '..'),
    ]) {
      expect(() => actions.showInFolder(trick), trick).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    }
    expect(shell.shown).toEqual([exported]);
  });

  it('showInFolder says so when the written file was moved or deleted', () => {
    const actions = createDesktopActions(createRecordingShell());
    const exported = writtenFile('gone.xlsx');
    actions.rememberWrittenFile(exported);
    rmSync(exported);
    expect(() => actions.showInFolder(exported)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('S6: openWrittenFile opens only the file the last export wrote, and only a spreadsheet or CSV', async () => {
    const shell = createRecordingShell();
    const actions = createDesktopActions(shell);
    const first = writtenFile('first.xlsx');
    const latest = writtenFile('latest.csv');
    await expect(actions.openWrittenFile(first)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    actions.rememberWrittenFile(first);
    actions.rememberWrittenFile(latest);
    await expect(actions.openWrittenFile(first)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/last export/),
    });
    for (const trick of ['/etc/passwd', 'latest.csv', `${latest}\0.sh`, join(latest, '..')]) {
      await expect(actions.openWrittenFile(trick), trick).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    await actions.openWrittenFile(join(latest, '..', 'latest.csv'));
    expect(shell.openedFiles).toEqual([latest]);
    const script = writtenFile('run.sh');
    actions.rememberWrittenFile(script);
    await expect(actions.openWrittenFile(script)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    rmSync(latest);
    actions.rememberWrittenFile(latest);
    await expect(actions.openWrittenFile(latest)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(shell.openedFiles).toEqual([latest]);
  });

  it('openWrittenFile says what to do when the host cannot open files', async () => {
    const actions = createDesktopActions({ openExternal: async () => undefined, showItemInFolder: () => undefined });
    const exported = writtenFile('sales.xlsx');
    actions.rememberWrittenFile(exported);
    await expect(actions.openWrittenFile(exported)).rejects.toMatchObject({
      message: expect.stringMatching(/Show in folder/),
    });
  });

  it('a path that resolves to a remembered file is the same file', () => {
    const shell = createRecordingShell();
    const actions = createDesktopActions(shell);
    const exported = writtenFile('a.xlsx');
    actions.rememberWrittenFile(exported);
    actions.showInFolder(join(exported, '..', 'a.xlsx'));
    expect(shell.shown).toEqual([exported]);
  });
});
