import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { PublicFooter, SkipLink } from '../../components/public-footer';
import { ThemeToggle } from '../../components/theme-toggle';
import { buttonVariants } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/current-user';
import { cn } from '../../lib/utils';

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
