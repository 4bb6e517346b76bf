import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { SiteLink } from '../../../components/site-link';
import { Logo } from '../../../components/brand/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { LANDING_NAV, SIGN_IN_PATH, SIGN_UP_PATH } from './shared';

const NAV_LINK =
  'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground lg:px-3';

// The sheet (and the dialog code under it) loads when the menu is first opened, not with the landing page.
const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet').then((module) => ({ default: module.MobileMenuSheet })));

/** Below 768 px the navigation is a menu button opening a sheet (spec 9 breakpoint). */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu />
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The landing page's sticky header: brand, in-page navigation, theme, Sign In and Sign Up (spec 2). */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        {/* Between 768 and 1024 px the wordmark gives way to the full navigation; the mark still links home. */}
        <Logo className="mr-auto md:mr-2 md:max-lg:[&>span]:sr-only lg:mr-6" />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center">
            {LANDING_NAV.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className={NAV_LINK}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 md:ml-auto md:gap-2">
          <ThemeToggle />
          <SiteLink to={SIGN_IN_PATH} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'hidden md:inline-flex')}>
            Sign In
          </SiteLink>
          <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'sm' }), 'hidden md:inline-flex')}>
            Sign Up
          </SiteLink>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
