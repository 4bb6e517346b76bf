import type { ReactNode } from 'react';
import { PanelLeft } from 'lucide-react';
import { SIDEBAR_WIDTH_SLOT } from '../../../common/shell-sections';
import { buttonVariants } from '../../components/ui/button';

/**
 * The signed-in shell's frame as the build draws it into the document for the shell's pages (decision 033): the
 * header bar with the sidebar button's icon, the same classes as `AppShell`'s header, and the main area: empty, or
 * the start of a page the build can draw (the dashboard's heading, decision 064). It shows before any JavaScript has
 * run; the app replaces it with the live shell (sidebar, bell, avatar, the page) in one step once it knows the user
 * and has the page's code. Nothing in it can be pressed.
 */
export function ShellFrame({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh w-full">
      {/* The sidebar's place (from 768 px, as AppSidebar's), its width filled in by the server from the cookie. */}
      <div
        aria-hidden="true"
        className="sticky top-0 hidden h-dvh shrink-0 border-r border-sidebar-border bg-sidebar md:block"
        style={{ width: SIDEBAR_WIDTH_SLOT }}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
          <span className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-hidden="true">
            <PanelLeft />
          </span>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
