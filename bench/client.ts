// The client part of `npm run bench`: the gzip size of the JavaScript each entry route loads, from the Vite manifest of
// the production build, and Lighthouse (default mobile settings) in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The entry routes: the document the server sends for them (src/server/plugins/static-client.ts: `/` without a session
 * is the landing document, decision 027) and the page module the app's router loads for them (src/client/app/router.tsx).
 */
export const ROUTES: Record<string, { document: 'index.html' | 'landing.html'; page: string | null }> = {
  '/': { document: 'landing.html', page: null },
  '/auth': { document: 'index.html', page: 'pages/account/auth-page.tsx' },
  '/dashboard': { document: 'index.html', page: 'pages/app/dashboard-page.tsx' },
  '/requests/new': { document: 'index.html', page: 'pages/requests/new-request-page.tsx' },
  '/admin': { document: 'index.html', page: 'pages/admin/overview-page.tsx' },
};

export interface BundleResult {
  /** gzip bytes of the JavaScript a route loads before it renders: the entry, its page and their static imports. */
  sizes: Record<string, number>;
  /** Chunks the route's page may load later (dynamic imports of its own modules), gzip bytes each. */
  lazy: Record<string, Record<string, number>>;
  /** Whether every file of the manifest build is the very file the server serves from dist/client. */
  sameAsServed: boolean;
}

/** The manifest the production build writes (vite.config.ts `build.manifest`): the sizes are of the files served. */
export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function bundleSizes(manifest: Manifest, clientDir: string): BundleResult {
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(clientDir, file))).length);
    return gz.get(file)!;
  };
  /** The chunk and everything it imports statically. */
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const k of manifest[key].imports ?? []) visit(k);
    };
    keys.forEach(visit);
    return seen;
  };
  const sizes: Record<string, number> = {};
  const lazy: Record<string, Record<string, number>> = {};
  for (const [route, { document, page }] of Object.entries(ROUTES)) {
    if (!manifest[document]?.isEntry) throw new Error(`the manifest has no entry ${document} (vite.config.ts changed? update ROUTES in bench/client.ts)`);
    if (page && !manifest[page]) throw new Error(`the manifest has no ${page} (router.tsx changed? update ROUTES in bench/client.ts)`);
    const entry = closure([document]);
    const loaded = closure(page ? [document, page] : [document]);
    sizes[route] = [...loaded].filter((k) => manifest[k].file.endsWith('.js')).reduce((n, k) => n + size(manifest[k].file), 0);
    // What the route's own page may fetch later: its modules' dynamic imports (the entry's are the other routes).
    const pageOwn = page ? [...closure([page])].filter((k) => !entry.has(k)) : [];
    const later = closure(pageOwn.flatMap((k) => manifest[k].dynamicImports ?? []));
    lazy[route] = Object.fromEntries(
      [...later].filter((k) => !loaded.has(k) && manifest[k].file.endsWith('.js')).map((k) => [manifest[k].src ?? manifest[k].file, size(manifest[k].file)]),
    );
  }
  const sameAsServed = Object.values(manifest).every((c) => existsSync(path.join(clientDir, c.file)));
  return { sizes, lazy, sameAsServed };
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  transferKiB?: number;
}

export const CHROMIUM = '/usr/bin/chromium';

/** One Lighthouse run (its CLI, default mobile settings) in Debian's Chromium; extra headers carry a session cookie. */
export async function lighthouse(root: string, url: string, outFile: string, headers?: Record<string, string>): Promise<LighthouseScores> {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli/index.js');
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility,best-practices',
    // Root in a container: Chromium's sandbox needs user namespaces it does not get here.
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    '--max-wait-for-load=45000',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += String(d)));
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse ${url} exited ${code}: ${stderr.slice(-500)}`))));
    });
  // Lighthouse now and then fails to record the trace on this loaded machine ("NO_NAVSTART", "NO_FCP"): a runtime
  // error of the tool, not a score. Such a run is made again, twice at most, rather than failing the whole bench.
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      break;
    } catch (error) {
      if (attempt >= 3 || !/Runtime error encountered/.test(String(error))) throw error;
      console.warn(`  ${String(error).slice(0, 200)}; running it again (attempt ${attempt + 1})`);
    }
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => report.audits[id]?.numericValue as number | undefined;
  const rounded = (v: number | undefined) => (v === undefined ? undefined : Math.round(v));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: rounded(audit('first-contentful-paint')),
    lcpMs: rounded(audit('largest-contentful-paint')),
    tbtMs: rounded(audit('total-blocking-time')),
    transferKiB: rounded((audit('total-byte-weight') ?? 0) / 1024),
  };
}
