import { Link } from 'react-router';
import { APP_NAME, SUPPORT_CONTACT } from '../../../common/constants';
import { usePageTitle } from '../../lib/use-page-title';
import { LegalDocument, LegalSection } from './legal-document';
import { usePublicSettings } from '../../features/settings/public-settings';

const SECTIONS = [
  { id: 'data-collected', title: 'Data we collect' },
  { id: 'how-we-use', title: 'How we use your data' },
  { id: 'sharing', title: 'How we share data' },
  { id: 'security', title: 'Security' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'contact', title: 'Contact us' },
];

/** Privacy Policy, last updated November 2024 (spec 2); the admins' text replaces it when set. */
export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  const settings = usePublicSettings();
  return (
    <LegalDocument
      title="Privacy Policy"
      adminText={settings.data?.privacyPolicy}
      isLoading={settings.isLoading}
      toc={SECTIONS}
      intro={<p>This policy explains what personal data {APP_NAME} collects, why, who sees it, and the choices you have.</p>}
    >
      <LegalSection id="data-collected" title="Data we collect">
        <p>We collect only what the marketplace needs to work:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your name, e-mail address, password (stored only as a one-way hash) and role.
          </li>
          <li>
            <strong>Professional profile:</strong> for lawyers, firm name, bar number, jurisdiction, phone number and bio; for mediators, certifications,
            specializations, experience, hourly rate, jurisdiction, phone number, bio and photo.
          </li>
          <li>
            <strong>Case data:</strong> the mediation requests you post, including case details, opposing counsel and the documents you upload.
          </li>
          <li>
            <strong>Communications:</strong> messages exchanged on the platform, reviews and support requests.
          </li>
          <li>
            <strong>Payment data:</strong> amounts, statuses and payment-provider references. Card numbers are handled by our payment provider and never stored
            on our servers.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie and basic server logs needed to keep the service secure (see our{' '}
            <Link to="/cookies">Cookie Policy</Link>).
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-use" title="How we use your data">
        <ul>
          <li>To create and secure your account and verify your e-mail address.</li>
          <li>To match mediation requests with mediators by jurisdiction and specialization.</li>
          <li>To process deposits, platform fees, refunds and mediator payouts.</li>
          <li>To deliver messages, notifications and service e-mails about your mediations.</li>
          <li>To answer support requests and to prevent fraud and abuse.</li>
        </ul>
        <p>We do not sell your personal data and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection id="sharing" title="How we share data">
        <p>
          Case details are shown only to the mediators who may see the request. Opposing counsel's contact details and case documents are shared only with the
          mediator the lawyer selects. Profiles, ratings and reviews are visible to the parties of a mediation.
        </p>
        <p>
          We share data with service providers who process it on our behalf (payment processing, file storage, e-mail delivery), under contracts that limit its
          use to providing the service, and with authorities when the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          Connections are encrypted, passwords are stored as strong one-way hashes, sessions use secure httpOnly cookies, and documents are served only after
          checking that you may see them. No system is perfectly secure; if you suspect unauthorised access to your account, contact us at once.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="Your rights">
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>correct inaccurate data (most of it you can edit in your profile);</li>
          <li>ask us to delete your account and data, subject to records we must keep by law, such as payment records;</li>
          <li>object to or restrict certain processing, and withdraw consent where processing relies on it.</li>
        </ul>
        <p>We answer requests within 30 days.</p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          For any privacy question or request, use our <Link to="/contact">contact form</Link> or write to{' '}
          <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
