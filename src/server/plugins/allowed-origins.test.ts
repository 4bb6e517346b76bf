import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './allowed-origins';

describe('allowedOrigins (RULES.md 7, issue 22)', () => {
  it.each([
    ['http://localhost:3000', 'development', ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']],
    ['http://127.0.0.1:5173', 'test', ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://[::1]:5173']],
    ['http://localhost', 'development', ['http://localhost', 'http://127.0.0.1', 'http://[::1]']],
    // Production never widens the list, loopback or not.
    ['http://localhost:3000', 'production', ['http://localhost:3000']],
    ['https://app.mediate.example', 'development', ['https://app.mediate.example']],
    ['https://app.mediate.example', 'production', ['https://app.mediate.example']],
  ])('%s in %s', (publicUrl, nodeEnv, expected) => {
    expect([...allowedOrigins(publicUrl, nodeEnv)].sort()).toEqual([...expected].sort());
  });
});
