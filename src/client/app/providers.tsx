import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyOutsideRoutes } from '../components/lazy-parts';
import { SiteLinkContext, type SiteLinkProps } from '../components/site-link';
import { useToasts } from '../components/ui/use-toast';
import { queryClient } from '../lib/query-client';
import { useIdle } from '../lib/when-idle';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Radix's toasts load once the page is idle, or with the first toast if one comes sooner (docs/decisions/058). */
function LazyToaster() {
  const idle = useIdle();
  const waiting = useToasts().length > 0;
  return idle || waiting ? (
    <LazyOutsideRoutes>
      <Toaster />
    </LazyOutsideRoutes>
  ) : null;
}

/** Inside the app, the brand, the public footer and the landing page navigate with the router (no reload). */
const routerLink = ({ to, ...props }: SiteLinkProps) => <Link to={to} {...props} />;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLinkContext value={routerLink}>
        {children}
        <LazyToaster />
      </SiteLinkContext>
    </QueryClientProvider>
  );
}
