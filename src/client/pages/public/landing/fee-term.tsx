import { FEE_TERM_ATTRIBUTE, type FeeTerms } from '../../../features/settings/fee-terms';

/**
 * One money term in the landing page's text (deposit, minimum fee, commission, match window), marked so the landing
 * document can put the admins' current terms in without React (decision 028); inside the app it is plain text.
 */
export function FeeTerm({ fees, name }: { fees: FeeTerms; name: keyof FeeTerms }) {
  return <span {...{ [FEE_TERM_ATTRIBUTE]: name }}>{fees[name]}</span>;
}
