import { describe, expect, it } from 'vitest';
import { CHANNELS, IPC_CONTRACT } from '../../shared/ipc-contract';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createSilentLogger } from '../log';
import { IpcTable } from './ipc-registrar';
import { registerAllIpc } from './register-ipc';

describe('the IPC contract', () => {
  it('S2: every channel is named domain:verb and has an input schema', () => {
    for (const channel of Object.values(CHANNELS)) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
    expect(Object.keys(IPC_CONTRACT).sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(new Set(Object.values(CHANNELS)).size).toBe(Object.keys(CHANNELS).length);
  });

  it('S2: the main process registers exactly the contract’s channels, once each', () => {
    const table = new IpcTable();
    const logger = createSilentLogger();
    const { core } = createTestCore();
    registerAllIpc(table, core, { trusted: { kind: 'origin', origin: 'http://127.0.0.1:1' }, logger });
    expect(table.channels().sort()).toEqual(Object.values(CHANNELS).sort());
  });
});
