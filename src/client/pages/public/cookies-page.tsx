import { Link } from 'react-router';
import { APP_NAME } from '../../../common/constants';
import { usePageTitle } from '../../lib/use-page-title';
import { LegalDocument, LegalSection } from './legal-document';

const STORED = [
  {
    name: 'sid',
    kind: 'Cookie (httpOnly)',
    purpose: 'Keeps you signed in. It holds a random token, not your personal data, and scripts cannot read it.',
    lifetime: 'Ends when you sign out, after a week without use, and at most 30 days after sign-in.',
  },
  {
    name: 'sidebar_state',
    kind: 'Cookie',
    purpose: 'Remembers whether the app sidebar is open or collapsed.',
    lifetime: '7 days',
  },
  {
    name: 'theme',
    kind: 'localStorage',
    purpose: 'Remembers whether you chose the light or the dark theme.',
    lifetime: 'Until you clear your browser data',
  },
];

/** Cookie Policy: essential storage only (the session, the sidebar state, the theme). */
export function CookiesPage() {
  usePageTitle('Cookie Policy');
  return (
    <LegalDocument
      title="Cookie Policy"
      intro={<p>{APP_NAME} uses only essential cookies and browser storage, needed for the service to work. No tracking or advertising cookies, ever.</p>}
    >
      <LegalSection id="what-we-store" title="What we store">
        <p>These are the only items {APP_NAME} keeps in your browser:</p>
        <div className="mt-5 grid gap-4 md:hidden">
          {STORED.map((item) => (
            <dl key={item.name} className="rounded-xl border bg-card p-4 text-sm">
              <dt className="sr-only">Name</dt>
              <dd>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm font-semibold text-foreground">{item.name}</code>
                <span className="ml-2 text-muted-foreground">{item.kind}</span>
              </dd>
              <dt className="mt-3 font-semibold text-foreground">Purpose</dt>
              <dd>{item.purpose}</dd>
              <dt className="mt-3 font-semibold text-foreground">Lifetime</dt>
              <dd>{item.lifetime}</dd>
            </dl>
          ))}
        </div>
        <div className="mt-5 hidden overflow-hidden rounded-xl border md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cookies and browser storage used by {APP_NAME}</caption>
            <thead className="bg-muted text-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Lifetime
                </th>
              </tr>
            </thead>
            <tbody className="divide-y bg-card">
              {STORED.map((item) => (
                <tr key={item.name} className="align-top">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <code className="font-mono font-semibold text-foreground">{item.name}</code>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap">{item.kind}</td>
                  <td className="px-4 py-3">{item.purpose}</td>
                  <td className="px-4 py-3">{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="no-tracking" title="No tracking or advertising">
        <p>
          We do not use analytics, tracking, advertising or social-media cookies, and we do not let third parties set cookies through {APP_NAME}. Because we
          only use essential storage, we do not show a cookie consent banner.
        </p>
      </LegalSection>

      <LegalSection id="your-choices" title="Your choices">
        <p>
          You can delete cookies and site data in your browser settings at any time. Blocking the <code>sid</code> cookie means you cannot stay signed in; the
          other items only remember your display preferences.
        </p>
        <p>
          Read more in our <Link to="/privacy">Privacy Policy</Link>, or <Link to="/contact">contact us</Link> with any question.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
