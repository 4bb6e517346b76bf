import { CheckCircle2, Mail, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Alert } from '../../components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ResendVerification } from '../../features/auth/resend-verification';
import { SessionEndNotice } from '../../features/auth/session-end-notice';
import { useSessionEnd } from '../../lib/session-end';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthMarketingPanel } from './auth-marketing-panel';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export function AuthPage() {
  const [params] = useSearchParams();
  const verified = params.get('verified');
  const [tab, setTab] = useState(params.get('tab') === 'signup' ? 'signup' : 'login');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // Why the server ended the session that brought the user here, or a sign-in refused for a suspension (decision 038).
  const sessionEnd = useSessionEnd();
  const [refusedSuspended, setRefusedSuspended] = useState(false);
  const endReason = refusedSuspended ? 'suspended' : sessionEnd;
  usePageTitle(tab === 'signup' ? 'Sign Up' : 'Sign In');

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-6">
          <Logo />
          <ThemeToggle />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:items-center">
          <div className="w-full max-w-md">
            <h1 className="font-serif text-3xl font-semibold">{tab === 'signup' ? 'Create your account' : 'Welcome back'}</h1>
            <p className="mt-2 text-muted-foreground">
              {tab === 'signup' ? 'Join the marketplace for professional mediation.' : 'Sign in to manage your mediations.'}
            </p>

            <div className="mt-6 grid gap-3">
              {endReason && !registeredEmail ? <SessionEndNotice reason={endReason} /> : null}
              {verified === 'true' ? (
                <Alert tone="success">
                  <CheckCircle2 aria-hidden="true" />
                  <div>
                    <p className="font-semibold">Email verified!</p>
                    <p>Your e-mail address is confirmed. You can sign in now.</p>
                  </div>
                </Alert>
              ) : null}
              {verified === 'false' ? (
                <Alert tone="warning">
                  <TriangleAlert aria-hidden="true" />
                  <div className="w-full min-w-0">
                    <p className="font-semibold">This verification link is invalid or has expired.</p>
                    <p>Enter your e-mail address and we will send you a new link.</p>
                    <ResendVerification />
                  </div>
                </Alert>
              ) : null}
              {registeredEmail ? (
                <Alert tone="info">
                  <Mail aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-semibold">Check your e-mail</p>
                    <p>
                      We sent a verification link to <strong className="wrap-anywhere">{registeredEmail}</strong>. Open it to activate your account, then sign
                      in. In development mode the link is printed in the server console.
                    </p>
                  </div>
                </Alert>
              ) : null}
              {unverifiedEmail ? (
                <Alert tone="warning">
                  <Mail aria-hidden="true" />
                  <div className="w-full min-w-0">
                    <p className="font-semibold">Your e-mail address is not verified yet.</p>
                    <p>Open the link we sent you, or ask for a new one.</p>
                    <ResendVerification initialEmail={unverifiedEmail} />
                  </div>
                </Alert>
              ) : null}
            </div>

            <Tabs value={tab} onValueChange={setTab} className="mt-6">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm next={params.get('next')} onUnverified={setUnverifiedEmail} onSuspended={() => setRefusedSuspended(true)} />
              </TabsContent>
              <TabsContent value="signup">
                <RegisterForm
                  onRegistered={(email) => {
                    setRegisteredEmail(email);
                    setTab('login');
                  }}
                />
              </TabsContent>
            </Tabs>
          </div>
        </main>
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
