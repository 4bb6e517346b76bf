// `npm run build`: the client (Vite) into dist/client, the server (esbuild) into dist/server with its migrations
// beside it, then dist/build-stamp.json naming the sources it was built from. `npm start` and `npm run worker` then
// run dist/server/*.js with plain node (docs/decisions/012-production-build-and-safe-defaults.md).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, STAMP, sourceDigest } from './build-state.mjs';

const SERVER_OUT = path.join(ROOT, 'dist/server');
const started = Date.now();
// Taken before building: a file edited during the build makes the stamp disagree, and the next start rebuilds.
const { digest, files } = sourceDigest();

function step(label) {
  process.stdout.write(`\n> ${label}\n`);
}

step('client (vite build)');
rmSync(path.join(ROOT, STAMP), { force: true });
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const client = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
if (client.status !== 0) process.exit(client.status ?? 1);

// Pages drawn at build time (decisions 027, 030): the landing page into landing.html, and the sign-in page into the
// signed-out app document for /auth (both tabs). Bundled for node once, rendered, thrown away.
step('client (pages drawn at build time)');
const prerenderDir = path.join(ROOT, 'dist/prerender');
await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/client/landing-prerender.tsx', 'src/client/auth-prerender.tsx', 'src/client/app/shell-prerender.tsx'],
  outdir: prerenderDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  packages: 'external',
  logLevel: 'warning',
});
const { renderLanding } = await import(pathToFileURL(path.join(prerenderDir, 'landing-prerender.mjs')).href);
const { renderAuthCopy } = await import(pathToFileURL(path.join(prerenderDir, 'auth-prerender.mjs')).href);
const { renderShellFrame, renderDashboardFrame, DASHBOARD_DOCUMENTS, FIRST_NAME_SLOT } = await import(
  pathToFileURL(path.join(prerenderDir, 'app/shell-prerender.mjs')).href
);
rmSync(prerenderDir, { recursive: true });

const EMPTY_ROOT = '<div id="root"></div>';
/** The built document `from` with `html` in its root, written as `to` (both in dist/client). */
function fillRoot(from, to, html, change = (text) => text) {
  const text = readFileSync(path.join(ROOT, 'dist/client', from), 'utf8');
  if (!text.includes(EMPTY_ROOT)) throw new Error(`dist/client/${from} has no empty ${EMPTY_ROOT} to fill`);
  writeFileSync(path.join(ROOT, 'dist/client', to), change(text).replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
}
fillRoot('landing.html', 'landing.html', renderLanding());

// The app's document for requests without a session cookie (decision 029): the same page, marked so the app knows
// at once that nobody is signed in instead of asking /api/user (a round trip, and a 401 in the console, on every
// first visit). For /auth, with the sign-in page drawn in it (decision 030).
const markSignedOut = (text) => {
  if (!text.includes('<html lang="en">')) throw new Error('dist/client/index.html has no <html lang="en"> to mark');
  return text.replace('<html lang="en">', '<html lang="en" data-signed-out>');
};
// Where the first paint needs no JavaScript (a page drawn into the document), the app's scripts are fetched at low
// priority, after the stylesheet and fonts that paint needs (decision 033).
const scriptsLowPriority = (text) => {
  const low = text.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin');
  if (!/<script type="module" fetchpriority="low"/.test(low)) throw new Error('dist/client/index.html: no module script to lower');
  return low;
};
fillRoot('index.html', 'index.signed-out.html', '', markSignedOut);
// For /auth, whose drawn page is most of what a first visit sees, the scripts start only after that page's first paint:
// public/load-app.js adds them then (the entry and its static imports, as Vite wrote them).
const scriptsAfterFirstPaint = (text) => {
  const entry = text.match(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/);
  const preloads = [...text.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  if (!entry || !preloads.length) throw new Error('dist/client/index.html: module script or preloads not found');
  let rest = text.replace(entry[0], '');
  for (const [tag] of preloads) rest = rest.replace(tag, '');
  const loader = `<script src="/load-app.js" defer data-entry="${entry[1]}" data-preloads="${preloads.map(([, href]) => href).join(' ')}"></script>`;
  return rest.replace('</head>', `  ${loader}\n  </head>`);
};
// The code the router loads for a document's first page beyond the entry (its lazy route modules and their static
// imports, from Vite's manifest), preloaded as the entry's own imports are: otherwise it is asked for only once the
// entry has run, one round trip later (docs/decisions/058).
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8'));
const staticClosure = (keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`dist/client/.vite/manifest.json has no ${key}`);
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
};
const preloadRouteModules = (modules) => (text) => {
  const entry = staticClosure(['index.html']);
  const links = [...staticClosure(modules)]
    .filter((key) => !entry.has(key) && manifest[key].file.endsWith('.js'))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  if (!text.includes('</head>')) throw new Error('dist/client/index.html has no </head> to put the route preloads before');
  return text.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
};
const preloadAuthPage = preloadRouteModules(['pages/account/auth-page.tsx']);
fillRoot('index.html', 'auth.signed-out.html', renderAuthCopy('login'), (text) => scriptsAfterFirstPaint(markSignedOut(preloadAuthPage(text))));
fillRoot('index.html', 'auth-signup.signed-out.html', renderAuthCopy('signup'), (text) => scriptsAfterFirstPaint(markSignedOut(preloadAuthPage(text))));

// The signed-in shell's pages (with a session cookie, static-client.ts; decision 033): the shell's frame drawn, the
// scripts at low priority, and no font preloads. Whoever has a session came through the sign-in page, which
// preloaded the fonts, so they are in the browser's cache (immutable assets); with a cold cache the text paints in
// the fallback face and swaps (font-display: swap) rather than the fonts taking bandwidth from the shell's scripts.
const FONT_PRELOADS = /\s*<!--[^>]*Latin faces[^>]*-->|\s*<link\s+rel="preload"\s+as="font"[^>]*>/g;
const withoutFontPreloads = (text) => {
  const without = text.replace(FONT_PRELOADS, '');
  if (without === text || /rel="preload"\s+as="font"/.test(without)) throw new Error('dist/client/index.html: font preloads not found or not all removed');
  return without;
};
// Both documents sent with a session cookie ask for the user as the app starts (lib/current-user.ts); the request
// starts with the document instead, and the app's fetch takes its answer (same URL, credentials and mode).
const USER_PRELOAD = '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />';
const preloadUser = (text) => {
  if (!text.includes('</title>')) throw new Error('dist/client/index.html has no </title> to put the /api/user preload after');
  return text.replace('</title>', `</title>\n    ${USER_PRELOAD}`);
};
// The shell's layout is a lazy route of its own (app/router.tsx): preloaded with the entry on every shell page.
const SHELL_LAYOUT = 'app/layouts/app-shell.tsx';
const shellDocument = (routeModules) => (text) => preloadUser(scriptsLowPriority(withoutFontPreloads(preloadRouteModules(routeModules)(text))));
fillRoot('index.html', 'index.shell.html', renderShellFrame(), shellDocument([SHELL_LAYOUT]));
// /dashboard, the page a signed-in visit starts on (decision 064): the frame with the page's heading drawn, one document
// per role, the name's slot filled by the server; the page's code preloaded with the shell's, and the heading's face
// (its drawn copy waits for it, styles.css `drawn-heading`).
const SERIF_PRELOAD = /<link\s+rel="preload"\s+as="font"\s+type="font\/woff2"\s+crossorigin\s+href="\/assets\/source-serif-4-latin-wght-normal-[^"]+"\s*\/>/;
const preloadHeadingFace = (text) => {
  const [link] = readFileSync(path.join(ROOT, 'dist/client/index.html'), 'utf8').match(SERIF_PRELOAD) ?? [];
  if (!link) throw new Error("dist/client/index.html: the serif face's preload not found");
  return text.replace('</title>', `</title>\n    ${link.replace(/\s+/g, ' ')}`);
};
for (const [role, file] of Object.entries(DASHBOARD_DOCUMENTS)) {
  const frame = renderDashboardFrame(role);
  if (!frame.includes(FIRST_NAME_SLOT)) throw new Error(`the ${role} dashboard's frame has no ${FIRST_NAME_SLOT} for the name`);
  fillRoot('index.html', file, frame, (text) => preloadHeadingFace(shellDocument([SHELL_LAYOUT, 'pages/app/dashboard-page.tsx'])(text)));
}
// Last, as the signed-out documents above are made from it without the preload.
fillRoot('index.html', 'index.html', '', preloadUser);

// Brotli and gzip siblings of the client's text files, made once here so the server never compresses per request
// (@fastify/static's preCompressed picks the one the browser accepts). Kept only when smaller.
step('client (precompress)');
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
let precompressed = 0;
for (const entry of readdirSync(path.join(ROOT, 'dist/client'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  precompressed++;
}
process.stdout.write(`${precompressed} files with .br and .gz siblings\n`);

step('server (esbuild)');
rmSync(SERVER_OUT, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker.ts' },
  outdir: SERVER_OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // node_modules stay where they are: native and wasm packages (argon2, PGlite) find their own files.
  packages: 'external',
  // No shared chunks: every module's import.meta.url is then dist/server/<entry>.js, which is what
  // db/client.ts (./migrations) and app.ts (../../dist/client) resolve against, exactly as from src/server/.
  splitting: false,
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(SERVER_OUT, 'migrations'), { recursive: true });

mkdirSync(path.dirname(path.join(ROOT, STAMP)), { recursive: true });
writeFileSync(path.join(ROOT, STAMP), `${JSON.stringify({ digest, files, builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`);
process.stdout.write(`\nBuilt dist/client and dist/server from ${files} source files in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
