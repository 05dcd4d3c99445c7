import { describe, expect, it } from 'vitest';
import { resolveRendererFile } from './renderer-file-resolver';
import { isInMemoryPartition, SERVICE_PARTITION, SPELLCHECKER_DICTIONARY_URL } from './service-session';
import { secureWebPreferences } from './window-options';

describe('the service’s session and the spellchecker', () => {
  it('S14: the service’s partition is kept in memory (no persist: prefix), so no cookie or HTTP cache reaches the disk', () => {
    expect(isInMemoryPartition(SERVICE_PARTITION)).toBe(true);
    expect(isInMemoryPartition('persist:commission-desk-service')).toBe(false);
    expect(isInMemoryPartition('')).toBe(false);
  });

  it('S14: windows do not spell-check, and a dictionary download would ask the app’s own scheme, which has none', () => {
    for (const development of [true, false])
      expect(secureWebPreferences('/p.cjs', { development }).spellcheck).toBe(false);
    const url = new URL(SPELLCHECKER_DICTIONARY_URL);
    expect(url.protocol).toBe('app:');
    expect(resolveRendererFile(`${SPELLCHECKER_DICTIONARY_URL}en-US-10-1.bdic`, '/opt/app/out/renderer')).toMatchObject(
      { kind: 'refused', status: 404 },
    );
  });

  it('S16: DevTools exist only in development', () => {
    expect(secureWebPreferences('/p.cjs', { development: false }).devTools).toBe(false);
    expect(secureWebPreferences('/p.cjs', { development: true }).devTools).toBe(true);
  });
});
