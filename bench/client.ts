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
export type Manifest = Record<string, ManifestChunk>;

/** The app's document and the module the router loads for its signed-in shell (src/client/app/router.tsx). */
const APP = 'index.html' as const;
const SHELL = 'app/layouts/app-shell.tsx';
const inShell = (page: string) => ({ document: APP, modules: [SHELL, page] });

/**
 * Every route of the app's router (src/client/app/router.tsx) that a signed-in user opens as a first page, the public
 * `/` and `/auth`: the document the server sends for it (src/server/plugins/static-client.ts: `/` without a session is
 * the landing document, decision 027) and the modules the router loads before it draws the page (the shell's layout
 * and the page, which the router fetches side by side). `bundleSizes` refuses a page module of the router missing here.
 */
export const ROUTES: Record<string, { document: 'index.html' | 'landing.html'; modules: string[] }> = {
  '/': { document: 'landing.html', modules: [] },
  '/auth': { document: APP, modules: ['pages/account/auth-page.tsx'] },
  '/role-selection': { document: APP, modules: ['pages/account/role-selection-page.tsx'] },
  '/onboarding/lawyer': { document: APP, modules: ['pages/account/onboarding-lawyer-page.tsx'] },
  '/onboarding/mediator': { document: APP, modules: ['pages/account/onboarding-mediator-page.tsx'] },
  '/dashboard': inShell('pages/app/dashboard-page.tsx'),
  '/profile': inShell('pages/app/profile-page.tsx'),
  '/notifications': inShell('pages/app/notifications-page.tsx'),
  '/requests': inShell('pages/requests/requests-page.tsx'),
  '/requests/new': inShell('pages/requests/new-request-page.tsx'),
  '/requests/:id': inShell('pages/requests/request-detail-page.tsx'),
  '/acceptances': inShell('pages/requests/acceptances-page.tsx'),
  '/calendar': inShell('pages/app/calendar-page.tsx'),
  '/messages': inShell('pages/messages/messages-page.tsx'),
  '/messages/:requestId': inShell('pages/messages/thread-page.tsx'),
  '/subscription': inShell('pages/subscription/subscription-page.tsx'),
  '/subscription/charges/:id/receipt': inShell('pages/subscription/charge-receipt-page.tsx'),
  '/reviews': inShell('pages/reviews/reviews-page.tsx'),
  '/payments': inShell('pages/payments/payments-page.tsx'),
  '/payments/:id/receipt': inShell('pages/payments/receipt-page.tsx'),
  // /admin/dashboard and /admin/analytics show the same page as /admin.
  '/admin': inShell('pages/admin/overview-page.tsx'),
  '/admin/users': inShell('pages/admin/users-page.tsx'),
  '/admin/mediations': inShell('pages/admin/mediations-page.tsx'),
  '/admin/payments': inShell('pages/admin/payments-page.tsx'),
  '/admin/ratings': inShell('pages/admin/ratings-page.tsx'),
  '/admin/settings': inShell('pages/admin/settings-page.tsx'),
  '/admin/support': inShell('pages/admin/support-page.tsx'),
  '/admin/audit': inShell('pages/admin/audit-page.tsx'),
  '/admin/disputes': inShell('pages/admin/disputes-page.tsx'),
  '/admin/*': inShell('pages/admin/admin-not-found-page.tsx'),
};

/** The router's pages no signed-in first load starts from: the signed-out public pages (the landing document is `/`). */
const NOT_SIGNED_IN_PAGES = /^pages\/(public|signing|invitations)\/|^pages\/account\/(forgot|reset)-password-page/;

export interface BundleResult {
  /** gzip bytes of the JavaScript a route loads before it draws: the entry, the router's modules for it and their static imports. */
  sizes: Record<string, number>;
  /** Chunks the route's modules may load later (their own dynamic imports), gzip bytes each. */
  lazy: Record<string, Record<string, number>>;
  /** Whether every file of the manifest build is the very file the server serves from dist/client. */
  sameAsServed: boolean;
}

/** The manifest the production build writes (vite.config.ts `build.manifest`): the sizes are of the files served. */
export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The manifest's chunks and everything they import statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest keys of the JavaScript `route` loads before it draws its page. */
export function firstLoad(manifest: Manifest, route: string): Set<string> {
  const { document, modules } = ROUTES[route];
  if (!manifest[document]?.isEntry) throw new Error(`the manifest has no entry ${document} (vite.config.ts changed? update ROUTES in bench/client.ts)`);
  for (const m of modules) if (!manifest[m]) throw new Error(`the manifest has no ${m} (router.tsx changed? update ROUTES in bench/client.ts)`);
  return new Set([...staticClosure(manifest, [document, ...modules])].filter((k) => manifest[k].file.endsWith('.js')));
}

/** Fails when the router loads a page module (a dynamic import of the app's entry) that ROUTES does not measure. */
function checkCovered(manifest: Manifest): void {
  const measured = new Set(Object.values(ROUTES).flatMap((r) => r.modules));
  const pages = (manifest[APP]?.dynamicImports ?? []).filter(
    (k) => k.startsWith('pages/') && !NOT_SIGNED_IN_PAGES.test(k) && k !== 'pages/public/landing-page.tsx',
  );
  const missing = pages.filter((k) => !measured.has(k));
  if (missing.length) throw new Error(`bench/client.ts ROUTES measures no route for ${missing.join(', ')} (router.tsx changed?)`);
}

/** gzip bytes of a file of dist/client, computed once. */
export function gzipSizer(clientDir: string): (file: string) => number {
  const gz = new Map<string, number>();
  return (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(clientDir, file))).length);
    return gz.get(file)!;
  };
}

export function bundleSizes(manifest: Manifest, clientDir: string): BundleResult {
  checkCovered(manifest);
  const size = gzipSizer(clientDir);
  const sizes: Record<string, number> = {};
  const lazy: Record<string, Record<string, number>> = {};
  const entry = (document: string) => staticClosure(manifest, [document]);
  for (const [route, { document, modules }] of Object.entries(ROUTES)) {
    const loaded = firstLoad(manifest, route);
    sizes[route] = [...loaded].reduce((n, k) => n + size(manifest[k].file), 0);
    // What the route's own modules may fetch later: their dynamic imports (the entry's are the other routes).
    const own = [...staticClosure(manifest, modules)].filter((k) => !entry(document).has(k));
    const later = staticClosure(
      manifest,
      own.flatMap((k) => manifest[k].dynamicImports ?? []),
    );
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

/** Runs of each page (issue 27: the median of 5); every run's figures are kept in the results beside the median. */
export const LIGHTHOUSE_RUNS = 5;

/**
 * Lighthouse `runs` times on each page, the pages taking turns (so a spell of load on the machine falls on all of them
 * rather than on one), each report kept in `tmpDir`. The median of a page is its run with the median performance score.
 */
export async function lighthousePages(
  root: string,
  origin: string,
  pages: [path: string, headers: Record<string, string> | undefined][],
  runs: number,
  tmpDir: string,
  log: (line: string) => void,
): Promise<{ median: Record<string, LighthouseScores>; runs: Record<string, LighthouseScores[]> }> {
  const all: Record<string, LighthouseScores[]> = Object.fromEntries(pages.map(([p]) => [p, []]));
  for (let i = 0; i < runs; i++) {
    for (const [p, headers] of pages) {
      const file = path.join(tmpDir, `lighthouse-${p.replace(/\W/g, '') || 'home'}-${i}.json`);
      const scores = await lighthouse(root, `${origin}${p}`, file, headers);
      all[p].push(scores);
      log(`  ${p.padEnd(11)} run ${i + 1}/${runs}: ${JSON.stringify(scores)}`);
    }
  }
  const median = Object.fromEntries(
    Object.entries(all).map(([p, list]) => [p, [...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)]]),
  );
  return { median, runs: all };
}

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
