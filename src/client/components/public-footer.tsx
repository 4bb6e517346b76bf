import { APP_NAME } from '../../common/constants';
import { Logo } from './brand/logo';
import { SiteLink } from './site-link';

/** First focusable element of every public page: jumps keyboard users past the header. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:outline-2 focus:outline-ring"
    >
      Skip to content
    </a>
  );
}

const FOOTER_GROUPS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Platform',
    links: [
      { label: 'For Lawyers', to: '/#for-lawyers' },
      { label: 'For Mediators', to: '/#for-mediators' },
      { label: 'How It Works', to: '/#how-it-works' },
      { label: 'Pricing', to: '/#pricing' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'FAQs', to: '/help#faq' },
      { label: 'Contact', to: '/contact' },
      { label: 'Verify a document', to: '/verify' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Use', to: '/terms' },
      { label: 'Cookie Policy', to: '/cookies' },
    ],
  },
];

/** The footer shared by the landing page and every other public page. */
export function PublicFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="col-span-2 max-w-xs sm:col-span-3 md:col-span-1">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            The marketplace where lawyers find qualified professional mediators, matched by jurisdiction and specialization.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to} className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          {/* The landing page's HTML is rendered at build time: a new year since then is not a mismatch. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
          </p>
          <p>{APP_NAME} connects parties with mediators; it does not give legal advice.</p>
        </div>
      </div>
    </footer>
  );
}
