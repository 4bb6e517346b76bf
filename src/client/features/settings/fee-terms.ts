import type { PublicSettingsDto } from '../../../common/api-types';
import { DEFAULT_SETTINGS } from '../../../common/constants';
import { displayMoney } from '../../lib/format';

const percent = (value: string) => `${Number(value)}%`;

/**
 * The money terms quoted on public pages, in words. They follow the admins' current settings and fall back to the
 * defaults (spec 9: $250 deposit, the larger of $50 or 10%, 20-minute match window) while loading or offline.
 */
export function feeTermsOf(data: PublicSettingsDto | undefined) {
  return {
    deposit: displayMoney(data?.defaultDeposit ?? DEFAULT_SETTINGS.defaultDeposit),
    minimumFee: displayMoney(data?.minimumPlatformFee ?? DEFAULT_SETTINGS.minimumPlatformFee),
    commission: percent(data?.commissionPercentage ?? DEFAULT_SETTINGS.commissionPercentage),
    matchWindowMinutes: data?.matchWindowMinutes ?? DEFAULT_SETTINGS.matchWindowMinutes,
  };
}

export type FeeTerms = ReturnType<typeof feeTermsOf>;

/** Marks a money term in the landing page's text (landing/fee-term.tsx), for `showFeeTerms` to fill in. */
export const FEE_TERM_ATTRIBUTE = 'data-fee-term';

/** Writes the terms into the marked places under `root`, without React (the landing document, decision 028). */
export function showFeeTerms(root: ParentNode, terms: FeeTerms) {
  for (const node of root.querySelectorAll<HTMLElement>(`[${FEE_TERM_ATTRIBUTE}]`)) {
    const name = node.getAttribute(FEE_TERM_ATTRIBUTE) as keyof FeeTerms;
    if (name in terms) node.textContent = String(terms[name]);
  }
}
