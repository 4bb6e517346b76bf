import type { ReactNode } from 'react';
import { Logo } from '../../components/brand/logo';
import { ImpersonationBanner } from '../../components/impersonation-banner';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { useCurrentUser } from '../../lib/current-user';

/**
 * The header of the account-setup pages (role selection, onboarding): the brand and a way out. While an admin views
 * the product as this user (decision 020), the impersonation banner with its way back sits above it, as in the app
 * shell: these pages are outside the shell.
 */
export function AccountSetupHeader() {
  const { user } = useCurrentUser();
  return (
    <>
      {user ? <ImpersonationBanner user={user} /> : null}
      <header className="flex h-16 items-center border-b bg-background px-6">
        <Logo />
        <a href="/api/logout" className="ml-auto text-sm font-medium text-muted-foreground underline-offset-4 hover:underline">
          Sign Out
        </a>
      </header>
    </>
  );
}

export function OnboardingLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <AccountSetupHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <CardHeader>
            <p className="text-sm font-medium text-primary">Step 2 of 2</p>
            <h1 className="font-serif text-2xl font-semibold sm:text-3xl">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
