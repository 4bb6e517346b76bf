import type { RequestTerms } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { twoDecimals } from '../users/user.presenter';
import { getSettings } from './settings.repo';

/** The settings that govern a request, as copied onto it at submit (RULES.md 1). */
export async function currentTerms(db: DbOrTx): Promise<RequestTerms> {
  const s = await getSettings(db);
  return {
    commissionPercentage: twoDecimals(s.commissionPercentage)!,
    minimumPlatformFee: twoDecimals(s.minimumPlatformFee)!,
    defaultDeposit: twoDecimals(s.defaultDeposit)!,
    matchWindowMinutes: s.matchWindowMinutes,
    priorityHeadStartMinutes: s.priorityHeadStartMinutes,
    payoutHoldHours: s.payoutHoldHours,
  };
}
