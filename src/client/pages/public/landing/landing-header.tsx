import { Menu } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { cn } from '../../../lib/utils';
import { LANDING_NAV, SIGN_IN_PATH, SIGN_UP_PATH } from './shared';

const NAV_LINK =
  'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground lg:px-3';

/** Below 768 px the navigation is a menu button opening a sheet (spec 9 breakpoint). */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const target = useRef<string | null>(null);

  // Scroll only once the sheet has closed and released the page's scroll lock, then put focus on the section.
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    target.current = id;
    setOpen(false);
  };

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu />
        </Button>
      </Dialog.Trigger>
      <SheetContent
        side="right"
        className="w-80 max-w-[85vw] bg-background p-6 text-foreground"
        onCloseAutoFocus={(event) => {
          const id = target.current;
          target.current = null;
          if (!id) return;
          event.preventDefault();
          navigate({ hash: id });
          requestAnimationFrame(() => {
            const section = document.getElementById(id);
            section?.scrollIntoView();
            section?.focus({ preventScroll: true });
          });
        }}
      >
        <SheetTitle className="font-serif text-lg font-semibold">Menu</SheetTitle>
        <SheetDescription className="sr-only">Jump to a section of the page, or sign in.</SheetDescription>
        <nav aria-label="Main" className="mt-6">
          <ul className="grid gap-1">
            {LANDING_NAV.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} onClick={(event) => go(event, item.id)} className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto grid gap-3 border-t pt-6">
          <Link to={SIGN_IN_PATH} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Sign In
          </Link>
          <Link to={SIGN_UP_PATH} className={buttonVariants({ size: 'lg' })}>
            Sign Up
          </Link>
        </div>
      </SheetContent>
    </Sheet>
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
          <Link to={SIGN_IN_PATH} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'hidden md:inline-flex')}>
            Sign In
          </Link>
          <Link to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'sm' }), 'hidden md:inline-flex')}>
            Sign Up
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
