import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNextPath } from './safe-redirect';

const ORIGIN = 'https://app.example.com';

// The value as the page reads it from the query string (already decoded once by URLSearchParams).
const followed: [string, string][] = [
  ['/', '/'],
  ['/dashboard', '/dashboard'],
  ['/requests/3f1c2a9e-0000-4000-8000-000000000000', '/requests/3f1c2a9e-0000-4000-8000-000000000000'],
  ['/requests?view=available', '/requests?view=available'],
  ['/notifications#latest', '/notifications#latest'],
  ['/a/../requests', '/requests'],
  ['/search?q=a%20b', '/search?q=a%20b'],
];

const refused: [string, string | null | undefined][] = [
  ['missing', null],
  ['undefined', undefined],
  ['empty', ''],
  ['relative path', 'dashboard'],
  ['protocol-relative', '//evil.com'],
  ['protocol-relative with path', '//evil.com/x'],
  ['triple slash', '///evil.com'],
  ['backslash', '/\\evil.com'],
  ['two backslashes', '/\\\\evil.com'],
  ['leading backslash', '\\\\evil.com'],
  ['encoded backslash', '/%5Cevil.com/x'],
  ['lower-case encoded backslash', '/%5cevil.com'],
  ['double-encoded backslash', '/%255Cevil.com'],
  ['tab', '/\t/evil.com'],
  ['newline', '/\n/evil.com'],
  ['carriage return', '/\r/evil.com'],
  ['encoded tab', '/%09/evil.com'],
  ['encoded slash', '/%2Fevil.com'],
  ['null byte', '/\u0000/evil.com'],
  ['absolute https', 'https://evil.com'],
  ['absolute http', 'http://evil.com/dashboard'],
  ['our own origin spelt out', 'https://app.example.com/dashboard'],
  ['javascript', 'javascript:alert(1)'],
  ['javascript with slashes', 'javascript://%0aalert(1)'],
  ['data', 'data:text/html,<script>alert(1)</script>'],
  ['leading space', ' /dashboard'],
  ['malformed escape', '/%E0%A4%A'],
];

describe('safeNextPath', () => {
  it.each(followed)('follows %j', (value, expected) => {
    expect(safeNextPath(value, ORIGIN)).toBe(expected);
  });

  it.each(refused)('refuses %s', (_name, value) => {
    expect(safeNextPath(value, ORIGIN)).toBe(DEFAULT_NEXT);
  });

  it('falls back to the default given', () => {
    expect(safeNextPath('//evil.com', ORIGIN, '/dashboard')).toBe('/dashboard');
  });
});
