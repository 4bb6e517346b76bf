import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteLinkContext, type SiteLinkProps } from '../components/site-link';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { queryClient } from '../lib/query-client';

/** Inside the app, the brand, the public footer and the landing page navigate with the router (no reload). */
const routerLink = ({ to, ...props }: SiteLinkProps) => <Link to={to} {...props} />;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLinkContext value={routerLink}>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </SiteLinkContext>
    </QueryClientProvider>
  );
}
