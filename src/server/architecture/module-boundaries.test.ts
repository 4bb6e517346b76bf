import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The module boundaries of decision 039, checked the way `npx eslint .` checks them: the project's own config, on
// planted sources at paths inside each zone (nothing is written to disk). Each rule fails on one planted import and
// stays quiet on an allowed one.
const RULE = 'local/module-boundaries';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The boundary errors (and any import-zone error) ESLint reports for `code` as the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('plugins/, realtime/, db/, adapters/ (and audit/, outbox/, jobs/) import no module', () => {
  it.each([
    ['src/server/plugins/planted.ts', '../modules/notifications/notifications.repo'],
    ['src/server/realtime/planted.ts', '../modules/notifications/notifications.service'],
    ['src/server/db/planted.ts', '../modules/users/users.repo'],
    ['src/server/adapters/storage/planted.ts', '../../modules/files/files.repo'],
    ['src/server/jobs/planted.ts', '../modules/requests/request-notices'],
  ])('%s importing %s is an error', async (filePath, specifier) => {
    const errors = await boundaryErrors(filePath, `export { something } from '${specifier}';\n`);
    expect(errors).toEqual([expect.stringContaining('imports no module (src/server/modules/**)')]);
  });

  it('a dynamic import counts too', async () => {
    const errors = await boundaryErrors('src/server/plugins/planted.ts', `export const load = () => import('../modules/auth/auth.service');\n`);
    expect(errors).toEqual([expect.stringContaining('imports no module')]);
  });

  it('allows the layers below the modules, common, and tests that set up data through a module', async () => {
    expect(
      await boundaryErrors(
        'src/server/plugins/planted.ts',
        `export { transact } from '../db/transaction';\nexport { STRIPE_WEBHOOK_PATH } from '../http-paths';\n`,
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/server/adapters/mail/planted.ts', `export { displayMoney } from '../../../common/money';\n`)).toEqual([]);
    expect(await boundaryErrors('src/server/plugins/planted.api.test.ts', `export { ensureAdmin } from '../modules/users/accounts.service';\n`)).toEqual([]);
    // The job registry, filled from the modules and handed to jobs/boss.ts by main.ts and worker.ts.
    expect(await boundaryErrors('src/server/jobs/handlers.ts', `export { announceToEveryone } from '../modules/requests/request-notices';\n`)).toEqual([]);
  });
});

describe("no module imports another module's routes file", () => {
  it('is an error from another module', async () => {
    const errors = await boundaryErrors('src/server/modules/profile/planted.ts', `export { authRoutes } from '../auth/auth.routes';\n`);
    expect(errors).toEqual([expect.stringContaining("another module's routes file (src/server/modules/auth/auth.routes)")]);
  });

  it("allows a module's own routes file and another module's other files", async () => {
    expect(await boundaryErrors('src/server/modules/auth/planted.ts', `export { authRoutes } from './auth.routes';\n`)).toEqual([]);
    expect(await boundaryErrors('src/server/modules/auth/auth.routes.ts', `export { currentUserDto } from '../users/current-user';\n`)).toEqual([]);
  });
});

describe('a repo does not import a service', () => {
  it.each([
    ['src/server/modules/requests/planted.repo.ts', '../notifications/notifications.service'],
    ['src/server/modules/requests/planted.repo.ts', './requests.service'],
  ])('%s importing %s is an error', async (filePath, specifier) => {
    const errors = await boundaryErrors(filePath, `import { something } from '${specifier}';\nexport const planted = something;\n`);
    expect(errors).toEqual([expect.stringContaining('A repo does not import a service')]);
  });

  it('allows a repo to import the database layer and another repo', async () => {
    const code = `export type { DbOrTx } from '../../db/client';\nexport { findRequest } from './requests.repo';\n`;
    expect(await boundaryErrors('src/server/modules/requests/planted.repo.ts', code)).toEqual([]);
  });
});

// Decision 040: no file outside modules/payments imports a payments repo; other modules use payments.api.ts.
describe('only the payments module imports its repos', () => {
  it.each([
    ['src/server/modules/requests/planted.ts', `import { updatePayment } from '../payments/payments.repo';\nexport const planted = updatePayment;\n`],
    ['src/server/modules/requests/planted.ts', `export { recordStep } from '../payments/steps.repo';\n`],
    ['src/server/modules/disputes/planted.service.ts', `export const load = () => import('../payments/payments.repo');\n`],
    ['src/server/modules/admin/planted.ts', `export type { LedgerRow } from '../payments/payments.repo';\n`],
    ['src/server/planted.ts', `export { claimProviderEvent } from './modules/payments/steps.repo';\n`],
  ])('%s: %s is an error', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining('Only the payments module imports its repos')]);
  });

  it('allows the payments API from other modules, and the repos inside payments', async () => {
    expect(await boundaryErrors('src/server/modules/requests/planted.ts', `export { recordRefund, updateEscrow } from '../payments/payments.api';\n`)).toEqual(
      [],
    );
    expect(
      await boundaryErrors(
        'src/server/modules/payments/planted.ts',
        `export { recordStep } from './steps.repo';\nexport { ledgerFor } from './payments.repo';\n`,
      ),
    ).toEqual([]);
    // Tests may read the repos to check the ledger.
    expect(await boundaryErrors('src/server/modules/requests/planted.api.test.ts', `export { ledgerFor } from '../payments/payments.repo';\n`)).toEqual([]);
  });
});
