import { describe, expect, it } from 'vitest';
import { claimAutoReload, isChunkLoadError, RELOAD_GUARD_MS, RELOAD_KEY } from './chunk-reload';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://app.example.com/assets/page-abc123.js'), true],
    [new TypeError('error loading dynamically imported module: https://app.example.com/assets/page-abc123.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/page-abc123.css'), true],
    [Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }), true],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    [new Error('Request not found'), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('claimAutoReload', () => {
  it('allows the first reload and records it', () => {
    const store = memoryStore();
    expect(claimAutoReload(store, 1_000_000)).toBe(true);
    expect(store.data.get(RELOAD_KEY)).toBe('1000000');
  });

  it('refuses a second reload within the guard time, so a broken page cannot loop', () => {
    const store = memoryStore({ [RELOAD_KEY]: '1000000' });
    expect(claimAutoReload(store, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  });

  it('allows another reload once the guard time has passed (a later deploy)', () => {
    const store = memoryStore({ [RELOAD_KEY]: '1000000' });
    expect(claimAutoReload(store, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('ignores a junk stored value', () => {
    expect(claimAutoReload(memoryStore({ [RELOAD_KEY]: 'junk' }), 5)).toBe(true);
  });

  it('allows none when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimAutoReload(broken, 5)).toBe(false);
  });
});
