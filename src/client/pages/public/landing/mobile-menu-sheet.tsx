import { useRef, type MouseEvent, type RefObject } from 'react';
import { SiteLink } from '../../../components/site-link';
import { buttonVariants } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { LANDING_NAV, SIGN_IN_PATH, SIGN_UP_PATH } from './shared';

/** The landing page's menu below 768 px: its sections, Sign In and Sign Up, in a sheet from the right. */
export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const target = useRef<string | null>(null);

  // Scroll only once the sheet has closed and released the page's scroll lock, then put focus on the section.
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    target.current = id;
    onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-80 max-w-[85vw] bg-background p-6 text-foreground"
        onCloseAutoFocus={(event) => {
          const id = target.current;
          target.current = null;
          event.preventDefault();
          if (!id) {
            returnFocusTo.current?.focus();
            return;
          }
          // The address gets the fragment as a plain in-page link would (the router, where there is one, follows it).
          window.location.assign(`#${id}`);
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
          <SiteLink to={SIGN_IN_PATH} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Sign In
          </SiteLink>
          <SiteLink to={SIGN_UP_PATH} className={buttonVariants({ size: 'lg' })}>
            Sign Up
          </SiteLink>
        </div>
      </SheetContent>
    </Sheet>
  );
}
