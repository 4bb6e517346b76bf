// ESLint flat config. Besides typescript-eslint's recommended rules it enforces the import zones of DESIGN 3 and 4:
// common imports nothing of ours, client and server never import each other, client features do not import each
// other (pages compose them), components/ does not import features, and only repos import the SQL builder. In
// src/server (decision 039): plugins/, realtime/, db/, adapters/ (and audit/, outbox/, jobs/) import no module, no
// module imports another module's routes file, a repo does not import a service, and only payments imports its repos
// (decision 040) (src/server/architecture/module-boundaries.test.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import nodePlugin from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
/** The Node versions the code must run on (decision 062): `npm start` on 20.19+, the supported 24, the LTS between. */
const NODE_RANGE = '^20.19.0 || ^22.12.0 || >=24.0.0';

// Zones are matched on relative specifiers only (packages such as 'react-dom/client' are not ours). A path segment
// `server` anywhere in a relative import is the server; `client/` needs a following segment, because the server's own
// `db/client.ts` is imported as `../db/client`.
const SERVER_ZONE = String.raw`^\.\.?/(?:.*/)?server(?:/|$)`;
const CLIENT_ZONE = String.raw`^\.\.?/(?:.*/)?client/`;
const featureZone = (name) => String.raw`^\.\.?/(?:.*/)?features/${name}(?:/|$)`;
const SQL_MESSAGE = 'SQL lives in repos (DESIGN 4)';

/** Builds one `no-restricted-imports` setting; later config objects replace it, so each zone lists all it forbids. */
function restrict(...rules) {
  const paths = rules.flatMap((r) => r.paths ?? []);
  const patterns = rules.flatMap((r) => r.patterns ?? []);
  return { 'no-restricted-imports': ['error', { paths, patterns }] };
}

const notServer = { patterns: [{ regex: SERVER_ZONE, message: 'The client and common never import the server (DESIGN 3).' }] };
const notClient = { patterns: [{ regex: CLIENT_ZONE, message: 'The server and common never import the client (DESIGN 3).' }] };
const noPackages = (names, message) => ({
  paths: names.map((name) => ({ name, message })),
  patterns: [{ group: names.map((name) => `${name}/*`), message }],
});
const notDrizzleInCommon = noPackages(['drizzle-orm'], 'src/common imports nothing of the server or the client (DESIGN 3).');
const notFrameworksInCommon = noPackages(['fastify', 'react', 'react-dom'], 'src/common imports nothing of the server or the client (DESIGN 3).');
const notDrizzleInClient = noPackages(['drizzle-orm'], 'The client never uses the SQL builder (DESIGN 3).');
const notSqlBuilder = noPackages(['drizzle-orm'], SQL_MESSAGE);
const notFeatures = { patterns: [{ regex: String.raw`^\.\.?/(?:.*/)?features(?:/|$)`, message: 'components/ does not import features (DESIGN 4).' }] };

const dirsIn = (dir) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const features = dirsIn('src/client/features').sort();
const AMBIGUOUS = new Set([...dirsIn('src/client'), ...dirsIn('src'), 'src', 'client']);

/** One config object per feature: it may import common, components, lib and itself, never another feature. */
const featureBoundaries = features.map((feature) => {
  const others = features.filter((other) => other !== feature);
  // `.../features/<other>/...` from anywhere, and `../<other>/...` (or `../../<other>/...` from a subfolder). The
  // climbing form is left out for a name that is also a folder above the features (`../../lib` is not a feature).
  const patterns = others
    .flatMap((other) => [featureZone(other), AMBIGUOUS.has(other) ? String.raw`^\.\./${other}(?:/|$)` : String.raw`^(?:\.\./)+${other}(?:/|$)`])
    .map((regex) => ({ regex, message: 'A feature does not import another feature; compose them in a page (DESIGN 3).' }));
  return {
    name: `boundaries/client-feature-${feature}`,
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(notServer, notDrizzleInClient, { patterns }),
  };
});

// Module boundaries in src/server (DESIGN 4, decision 039). A small local rule rather than more
// `no-restricted-imports` zones, because two of the checks depend on the importing file (its own module, its kind) and
// `no-restricted-imports` settings replace each other instead of adding up. Relative specifiers are resolved against
// the importing file; packages are not ours.
const SERVER_DIR = 'src/server/';
// Below the modules. jobs/handlers.ts is the job registry the composition fills from the modules (main.ts and
// worker.ts pass it to jobs/boss.ts), so it alone in jobs/ may import them.
const LOWER_LAYERS = ['plugins', 'realtime', 'db', 'adapters', 'audit', 'outbox', 'jobs'];
const LOWER_LAYER_EXEMPT = new Set(['src/server/jobs/handlers.ts']);
const BOUNDARY_MESSAGES = {
  lowerLayerImportsModule:
    'src/server/{{layer}}/ imports no module (src/server/modules/**): move what both sides need below the modules, or let the module fill a registry at start-up (DESIGN 4, decision 039).',
  otherModulesRoutes:
    "A module does not import another module's routes file ({{target}}): route files are not libraries; import the module's service, presenter or another shared file (decision 039).",
  repoImportsService:
    'A repo does not import a service ({{target}}): repos hold SQL and call nothing above them; let the service call both (DESIGN 4, decision 039).',
  paymentsRepo: 'Only the payments module imports its repos ({{target}}): use its API, modules/payments/payments.api.ts (decision 040).',
};

/** 'src/server/modules/<m>/…' → '<m>'; otherwise undefined. */
const moduleOf = (rel) => /^src\/server\/modules\/([^/]+)\//.exec(rel)?.[1];

const moduleBoundariesRule = {
  meta: { type: 'problem', docs: { description: 'Module boundaries in src/server (decision 039)' }, schema: [], messages: BOUNDARY_MESSAGES },
  create(context) {
    const from = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (!from.startsWith(SERVER_DIR)) return {};
    const layer = LOWER_LAYER_EXEMPT.has(from) ? undefined : LOWER_LAYERS.find((dir) => from.startsWith(`${SERVER_DIR}${dir}/`));
    const ownModule = moduleOf(from);
    const isRepo = from.endsWith('.repo.ts');
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      const file = target.replace(/\.(?:js|ts)$/, '');
      const targetModule = moduleOf(target);
      if (layer && targetModule) context.report({ node: source, messageId: 'lowerLayerImportsModule', data: { layer } });
      if (targetModule && ownModule && targetModule !== ownModule && file.endsWith('.routes')) {
        context.report({ node: source, messageId: 'otherModulesRoutes', data: { target } });
      }
      if (isRepo && file.endsWith('.service')) context.report({ node: source, messageId: 'repoImportsService', data: { target } });
      if (targetModule === 'payments' && ownModule !== 'payments' && file.endsWith('.repo')) {
        context.report({ node: source, messageId: 'paymentsRepo', data: { target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// The files that may import drizzle-orm besides repos (DESIGN 4): the database layer, the outbox's repo, the
// visibility predicate the repos share, the job runner, and tests that look at rows directly.
const SQL_ALLOWED = [
  'src/server/**/*.repo.ts',
  'src/server/db/**',
  'src/server/outbox/outbox.repo.ts',
  'src/server/modules/requests/visibility.ts',
  'src/server/jobs/**',
  'src/server/**/*.test.ts',
];

export default defineConfig(
  {
    name: 'ignores',
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'bench/results/',
      'playwright-report/',
      'test-results/',
      'tests/e2e/.artifacts/',
      'src/server/db/migrations/**',
    ],
  },
  { name: 'eslint/recommended', ...js.configs.recommended },
  ...tseslint.configs.recommended,
  {
    name: 'project/strictness',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    name: 'globals/node',
    files: ['src/server/**', 'scripts/**', 'tests/**', 'bench/**', '*.config.{js,ts,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The code that runs under Node (decision 062): nothing Node 24 removed or deprecated, nothing Node 20.19 lacks
    // (`npm start` still runs there).
    name: 'node/runtime-range',
    files: ['src/server/**/*.ts', 'scripts/**', 'tests/**', 'bench/**', '*.config.{js,ts,mjs}'],
    plugins: { n: nodePlugin },
    // The LTS lines from the oldest npm start supports to the supported one (odd majors are never deployed).
    // Experimental is allowed: fetch and import.meta.dirname are flagged experimental in 20 but work there.
    settings: { node: { version: NODE_RANGE } },
    rules: {
      'n/no-deprecated-api': 'error',
      'n/no-unsupported-features/node-builtins': ['error', { version: NODE_RANGE, allowExperimental: true }],
    },
  },
  {
    name: 'globals/browser',
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'react-hooks',
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // DESIGN 4: pino, never the console, in server code; the console mailer prints on purpose, and tests may say
    // loudly that a service they need is missing (DESIGN 6).
    name: 'server/no-console',
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/adapters/mail/console-mailer.ts', 'src/server/**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },

  {
    // The server's and common's test files share their worker's module graph (vitest.config.ts, decision 065): a
    // mocked module, a stubbed global or a changed environment variable would leak into the files that run after.
    name: 'tests/shared-module-graph',
    files: ['src/server/**/*.test.ts', 'src/common/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'stubGlobal', 'stubEnv', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server and common tests share their worker’s modules (decision 065): pass a fake to the code instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message: 'Server and common tests share their worker’s process (decision 065): pass the setting to createTestApp’s env.',
        },
        {
          selector: "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']",
          message: 'Server and common tests share their worker’s process (decision 065): pass the setting to createTestApp’s env.',
        },
      ],
    },
  },

  // Import zones (DESIGN 3 and 4). `no-restricted-imports` is replaced, not merged, by a later matching object, so
  // each object below repeats what its wider zone forbids.
  {
    name: 'boundaries/common',
    files: ['src/common/**/*.{ts,tsx}'],
    rules: restrict(notServer, notClient, notDrizzleInCommon, notFrameworksInCommon),
  },
  {
    name: 'boundaries/server',
    files: ['src/server/**/*.ts'],
    rules: restrict(notClient),
  },
  {
    name: 'boundaries/server-sql-in-repos',
    files: ['src/server/**/*.ts'],
    ignores: SQL_ALLOWED,
    rules: restrict(notClient, notSqlBuilder),
  },
  {
    name: 'boundaries/client',
    files: ['src/client/**/*.{ts,tsx}'],
    rules: restrict(notServer, notDrizzleInClient),
  },
  {
    name: 'boundaries/client-components',
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: restrict(notServer, notDrizzleInClient, notFeatures),
  },
  ...featureBoundaries,
  {
    // Tests may set up their data through any module (a plugin's test signs users in, a realtime test notifies).
    name: 'boundaries/server-modules',
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/*.fixture.ts'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundariesRule } } },
    rules: { 'local/module-boundaries': 'error' },
  },
);
