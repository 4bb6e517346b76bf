// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderLanding } from '../../landing-prerender';
import { feeTermsOf, showFeeTerms } from './fee-terms';

describe('showFeeTerms (the landing document, decision 028)', () => {
  it("puts the admins' current terms into every marked place of the built page", () => {
    document.body.innerHTML = renderLanding();
    showFeeTerms(
      document,
      feeTermsOf({ defaultDeposit: '300.50', minimumPlatformFee: '75.00', commissionPercentage: '12.5', matchWindowMinutes: 45 } as never),
    );
    const text = document.body.textContent!;
    expect(text).toContain('$300.50 deposit held securely');
    expect(text).toContain('The larger of $75 or 12.5% of the budget');
    expect(text).toContain('If no match happens within 45 minutes');
    expect(text).not.toContain('$250');
  });
});
