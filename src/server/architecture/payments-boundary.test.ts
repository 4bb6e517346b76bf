import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Decision 040: no file outside modules/payments imports a payments repo; other modules use payments.api.ts. Checked
// the way `npx eslint .` checks it: the project's own config, on planted sources (nothing is written to disk).
const RULE = 'local/module-boundaries';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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
