import { Link } from 'react-router';
import { APP_NAME } from '../../../common/constants';
import { usePageTitle } from '../../lib/use-page-title';
import { LegalDocument, LegalSection } from './legal-document';
import { useFeeTerms, usePublicSettings } from '../../features/settings/public-settings';
import { REFUND_POLICY } from '../../../common/domain/refunds';

const SECTIONS = [
  { id: 'acceptance', title: 'Acceptance of terms' },
  { id: 'service', title: 'The service' },
  { id: 'accounts', title: 'Accounts' },
  { id: 'payment-terms', title: 'Payment terms' },
  { id: 'conduct', title: 'Conduct' },
  { id: 'liability', title: 'Limitation of liability' },
  { id: 'disputes', title: 'Disputes about the platform' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'contact', title: 'Contact' },
];

/** Terms of Use, last updated November 2024 (spec 2, payment terms from spec 9 and RULES 2); the admins' text replaces it when set. */
export function TermsPage() {
  usePageTitle('Terms of Use');
  const settings = usePublicSettings();
  const fees = useFeeTerms();
  return (
    <LegalDocument
      title="Terms of Use"
      adminText={settings.data?.termsOfService}
      isLoading={settings.isLoading}
      toc={SECTIONS}
      intro={<p>These terms govern your use of {APP_NAME}. Please read them carefully, in particular the payment and refund terms.</p>}
    >
      <LegalSection id="acceptance" title="Acceptance of terms">
        <p>
          By creating an account or using {APP_NAME} you agree to these Terms of Use and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree,
          do not use the service.
        </p>
      </LegalSection>

      <LegalSection id="service" title="The service">
        <p>
          {APP_NAME} is a marketplace: lawyers post mediation requests for their cases, and independent professional mediators accept them. The lawyer chooses
          among the first three mediators who accept. {APP_NAME} provides matching, messaging, document sharing and payment processing. We are not a party to
          the mediation, do not act as a mediator, and do not give legal advice.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Accounts">
        <ul>
          <li>You must give accurate information, verify your e-mail address and keep your profile up to date.</li>
          <li>Lawyers must be licensed to practise in the jurisdictions they state; mediators must hold the qualifications they list.</li>
          <li>You are responsible for keeping your password confidential and for everything done through your account.</li>
          <li>We may suspend accounts that break these terms or put other users at risk.</li>
        </ul>
      </LegalSection>

      <LegalSection id="payment-terms" title="Payment terms">
        <ul>
          <li>
            <strong>Deposit:</strong> a {fees.deposit} deposit is required to submit a mediation request. It is held by the platform until the mediation is
            completed.
          </li>
          <li>
            <strong>Balance:</strong> when the lawyer selects a mediator, the rest of the budget is charged to the card used for the deposit.
          </li>
          <li>
            <strong>Platform fee:</strong> the larger of {fees.minimumFee} or {fees.commission} of the budget. The mediator receives the budget minus this fee,
            paid out automatically after the mediation is marked complete.
          </li>
          <li>
            <strong>Refunds on cancellation:</strong> {REFUND_POLICY.summary}
          </li>
          <li>
            <strong>Subscriptions:</strong> mediator plans are billed monthly in advance and renew automatically until cancelled; a cancelled plan stays active
            until the end of the paid period.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="conduct" title="Conduct">
        <p>You agree not to:</p>
        <ul>
          <li>post false, misleading or confidential information you are not entitled to share;</li>
          <li>arrange payment outside the platform for a mediation found through it;</li>
          <li>harass, threaten or discriminate against other users;</li>
          <li>accept a mediation where you have a conflict of interest;</li>
          <li>interfere with the security or operation of the service.</li>
        </ul>
      </LegalSection>

      <LegalSection id="liability" title="Limitation of liability">
        <p>
          The service is provided "as is". Mediators are independent professionals, and {APP_NAME} is not responsible for the advice they give or for the
          outcome of a mediation. To the extent the law allows, our total liability to you is limited to the fees you paid to {APP_NAME} in the 12 months before
          the claim.
        </p>
      </LegalSection>

      <LegalSection id="disputes" title="Disputes about the platform">
        <p>
          If something goes wrong with the platform itself — a payment, a payout, a cancellation or another user's conduct — report it to us. Our admin team
          reviews disputes about the platform and may release, pause or refund payments. The admin team does not resolve the underlying legal dispute between
          the parties to the mediation.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to these terms">
        <p>
          We may update these terms. We will announce material changes on the platform before they take effect; continuing to use the service afterwards means
          you accept them. Deals already submitted keep the fees and deposit that applied when they were submitted.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          Questions about these terms? <Link to="/contact">Contact our support team</Link>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
