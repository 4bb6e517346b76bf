// `node --import tsx scripts/bundle-report.ts [route …] [--budget KB]`, after `npm run build`: what each route's first
// load holds, from the build's manifest and `.vite/chunks.json` (the modules of each chunk, vite.config.ts). Without
// routes, one line per route of bench/client.ts's ROUTES with its gzip KB, those over the budget (150 KB, issue 27)
// marked and the exit code 1; with routes, each one's chunks and packages, largest first. A chunk's gzip bytes are
// shared among its modules by the length of their rendered code (gzip is not additive, so those shares are estimates;
// the totals are exact).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoad, gzipSizer, readManifest, ROUTES } from '../bench/client';

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const manifest = readManifest(CLIENT);
const modulesOf = JSON.parse(readFileSync(path.join(CLIENT, '.vite/chunks.json'), 'utf8')) as Record<string, Record<string, number>>;
const gzip = gzipSizer(CLIENT);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The package a module belongs to (`react-dom`, `@radix-ui/react-dialog`), or the app's folder it is in. */
function owner(id: string): string {
  const inPackage = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (inPackage) return inPackage.at(-1)!.replace('node_modules/', '');
  const app = id.match(/^src\/(client|common)\/((?:[^/]+\/)?)/);
  return app ? `src/${app[1]}/${app[2]}` : id;
}

/** Gzip bytes of the route's first load by chunk and by owner (package or folder), largest first. */
function breakdown(route: string) {
  const chunks: [string, number][] = [];
  const owners = new Map<string, number>();
  for (const key of firstLoad(manifest, route)) {
    const { file } = manifest[key];
    const bytes = gzip(file);
    chunks.push([`${file} (${manifest[key].src ?? key})`, bytes]);
    const modules = Object.entries(modulesOf[file] ?? {});
    const total = modules.reduce((n, [, length]) => n + length, 0);
    for (const [id, length] of modules) owners.set(owner(id), (owners.get(owner(id)) ?? 0) + (bytes * length) / total);
  }
  const largestFirst = (list: [string, number][]) => list.sort((a, b) => b[1] - a[1]);
  return { chunks: largestFirst(chunks), owners: largestFirst([...owners]) };
}

const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 150;
const unknown = args.filter((route) => !ROUTES[route]);
if (unknown.length) throw new Error(`not in bench/client.ts ROUTES: ${unknown.join(', ')}; one of ${Object.keys(ROUTES).join(' ')}`);

if (args.length) {
  for (const route of args) {
    const { chunks, owners } = breakdown(route);
    const total = chunks.reduce((n, [, bytes]) => n + bytes, 0);
    console.log(`\n${route}: ${kb(total)} KB gzip in ${chunks.length} chunks\n  by chunk:`);
    for (const [name, bytes] of chunks) console.log(`    ${kb(bytes).padStart(6)}  ${name}`);
    console.log('  by package or folder (estimated):');
    for (const [name, bytes] of owners) if (bytes >= 100) console.log(`    ${kb(bytes).padStart(6)}  ${name}`);
  }
} else {
  let over = 0;
  for (const route of Object.keys(ROUTES)) {
    const total = [...firstLoad(manifest, route)].reduce((n, key) => n + gzip(manifest[key].file), 0);
    const overBudget = total > budgetKb * 1024;
    if (overBudget) over++;
    console.log(`${route.padEnd(36)} ${kb(total).padStart(6)} KB${overBudget ? `  over ${budgetKb}` : ''}`);
  }
  console.log(over ? `\n${over} route(s) over ${budgetKb} KB gzip` : `\nevery route within ${budgetKb} KB gzip`);
  process.exitCode = over ? 1 : 0;
}
