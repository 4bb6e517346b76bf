import { twoDecimals } from '../../../common/money';
import type { RequestTerms } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { getSettings, type SettingsRow } from './settings.repo';

/** The settings that govern a request, as copied onto it at submit (RULES.md 1). */
export async function currentTerms(db: DbOrTx): Promise<RequestTerms> {
  return termsOf(await getSettings(db));
}

export function termsOf(s: SettingsRow): RequestTerms {
  return {
    commissionPercentage: twoDecimals(s.commissionPercentage)!,
    minimumPlatformFee: twoDecimals(s.minimumPlatformFee)!,
    defaultDeposit: twoDecimals(s.defaultDeposit)!,
    matchWindowMinutes: s.matchWindowMinutes,
    priorityHeadStartMinutes: s.priorityHeadStartMinutes,
    payoutHoldHours: s.payoutHoldHours,
  };
}
