import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN 3 import zones, checked until the linter enforces them: a feature does not import another feature (pages
// compose them), components/ and lib/ do not import features, pages or the app, and the client never imports the
// server.

const CLIENT = import.meta.dirname;
const SRC = path.dirname(CLIENT);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Relative import targets of a file, resolved to paths under src/ (like "client/features/auth/api"). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      path
        .relative(SRC, path.resolve(path.dirname(file), s))
        .split(path.sep)
        .join('/'),
    );
}

const zone = (p: string) => p.split('/').slice(0, 2).join('/'); // e.g. "client/features"
const feature = (p: string) => (p.startsWith('client/features/') ? p.split('/')[2] : null);

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(CLIENT)) {
    const from = path.relative(SRC, file).split(path.sep).join('/');
    for (const to of importsOf(file)) {
      const rule =
        zone(to) === 'server'
          ? 'the client never imports the server'
          : feature(from) && feature(to) && feature(from) !== feature(to)
            ? 'a feature does not import another feature'
            : ['client/components', 'client/lib'].includes(zone(from)) && ['client/features', 'client/pages', 'client/app'].includes(zone(to))
              ? `${zone(from).slice(7)}/ does not import features, pages or the app`
              : null;
      if (rule) found.push(`${from} → ${to}: ${rule}`);
    }
  }
  return found;
}

describe('client import boundaries', () => {
  it('finds the imports it checks', () => {
    expect(importsOf(path.join(CLIENT, 'pages/requests/request-detail-page.tsx'))).toContain('client/features/requests/api');
  });

  it('has no import across a boundary', () => {
    expect(violations()).toEqual([]);
  });
});
