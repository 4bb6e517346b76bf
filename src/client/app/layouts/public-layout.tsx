import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { APP_NAME } from '../../../common/constants';
import { Logo } from '../../components/brand/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { buttonVariants } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/current-user';
import { cn } from '../../lib/utils';

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

/**
 * Client-side navigation keeps the old scroll position and ignores `#fragment`s, so public pages scroll to the
 * fragment's element when there is one, else to the top, whenever the path or the fragment changes.
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
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
                  <Link to={link.to} className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
          </p>
          <p>{APP_NAME} connects parties with mediators; it does not give legal advice.</p>
        </div>
      </div>
    </footer>
  );
}

/** Header, main landmark and footer of the public pages other than the landing page (spec 2). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {user ? (
              <Link to="/" className={cn(buttonVariants({ size: 'sm' }))}>
                Dashboard
              </Link>
            ) : (
              <Link to="/auth" className={cn(buttonVariants({ size: 'sm' }))}>
                Sign In
              </Link>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-20 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
