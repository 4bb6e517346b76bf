// What the production build is made from, and whether dist/ is the build of the sources as they are now
// (docs/decisions/012-production-build-and-safe-defaults.md). Plain JavaScript: `npm start` runs it with plain node,
// before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Everything the build reads: the sources (tests excluded), the build configuration and the dependency versions. */
export const INPUT_DIRS = ['src'];
export const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'scripts/build.mjs', 'scripts/build-state.mjs'];
/** What a complete build leaves; a missing one means "not built". */
export const OUTPUTS = ['dist/client/index.html', 'dist/server/main.js', 'dist/server/worker.js', 'dist/server/migrations/meta/_journal.json'];
export const STAMP = 'dist/build-stamp.json';

const IGNORED = /(^|\/)(node_modules|__snapshots__)(\/|$)|\.(test|spec)\.tsx?$/;

function listFiles(root, dir, out) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (IGNORED.test(relative)) continue;
    if (entry.isDirectory()) listFiles(root, relative, out);
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/**
 * A digest of every input's path and content. Content rather than modification times: a checkout, a copy or an
 * archive can give an old file a new time or a changed file an old one; the content cannot lie.
 */
export function sourceDigest(root = ROOT) {
  const files = [];
  for (const dir of INPUT_DIRS) if (existsSync(path.join(root, dir))) listFiles(root, dir, files);
  for (const file of INPUT_FILES) if (existsSync(path.join(root, file))) files.push(file);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { digest: hash.digest('hex'), files: files.length };
}

/**
 * Whether `npm start` must build first, and why. A copy without sources (an image that ships dist/ only) runs the
 * build it has.
 */
export function buildState(root = ROOT) {
  const missing = OUTPUTS.find((file) => !existsSync(path.join(root, file)));
  if (missing) return { needed: true, reason: `no build yet (${missing} is missing)` };
  if (!existsSync(path.join(root, 'src'))) return { needed: false, reason: 'no sources here: running the build as shipped' };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return { needed: true, reason: `${STAMP} is missing or unreadable` };
  }
  if (stamp.digest !== sourceDigest(root).digest) return { needed: true, reason: 'the sources changed since the last build' };
  return { needed: false, reason: `built ${stamp.builtAt} from these sources` };
}
