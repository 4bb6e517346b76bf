import { useMutation } from '@tanstack/react-query';
import { Check, Gavel, Scale } from 'lucide-react';
import { useNavigate } from 'react-router';
import { onboardingPath } from '../../../common/domain/account';
import type { SelfChosenRole } from '../../../common/enums';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/use-toast';
import { refreshUser } from '../../lib/current-user';
import { apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountSetupHeader } from './onboarding-layout';

const ROLES: { role: SelfChosenRole; title: string; description: string; icon: typeof Scale; points: string[] }[] = [
  {
    role: 'lawyer',
    title: "I'm a Lawyer",
    description: 'Find the right mediator for your case.',
    icon: Gavel,
    points: ['Post mediation requests', 'Review and select from qualified mediators', 'Secure payment processing', 'Real-time case communication'],
  },
  {
    role: 'mediator',
    title: "I'm a Mediator",
    description: 'Grow your mediation practice.',
    icon: Scale,
    points: ['Browse available requests', 'Flexible subscription tiers', 'Automated payment distribution', 'Build reputation with reviews'],
  },
];

export function RoleSelectionPage() {
  usePageTitle('Choose your role');
  const navigate = useNavigate();
  const choose = useMutation({ mutationFn: (role: SelfChosenRole) => apiRequest('PATCH', '/api/user/role', { role }) });
  const onChoose = async (role: SelfChosenRole) => {
    try {
      await choose.mutateAsync(role);
      await refreshUser();
      toast({ title: 'Role Selected' });
      navigate(onboardingPath(role));
    } catch (error) {
      toastError('Error', error);
    }
  };
  return (
    <div className="min-h-dvh bg-muted/40">
      <AccountSetupHeader />
      <main id="main" className="mx-auto max-w-4xl px-4 py-12">
        <div className="text-center">
          <h1 className="font-serif text-3xl font-semibold sm:text-4xl">How will you use MediateHub?</h1>
          <p className="mt-3 text-muted-foreground">Choose your role. This is set once for your account.</p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {ROLES.map((r) => (
            <Card key={r.role} className="flex flex-col transition-shadow hover:shadow-md">
              <CardHeader>
                <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <r.icon className="size-6" aria-hidden="true" />
                </span>
                <h2 className="mt-3 text-xl font-semibold">{r.title}</h2>
                <CardDescription>{r.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-6">
                <ul className="grid gap-2">
                  {r.points.map((p) => (
                    <li key={p} className="flex items-start gap-2 text-sm">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      {p}
                    </li>
                  ))}
                </ul>
                <Button size="lg" className="mt-auto" disabled={choose.isPending} onClick={() => void onChoose(r.role)}>
                  {choose.isPending && choose.variables === r.role ? 'Saving...' : `Continue as ${r.role === 'lawyer' ? 'Lawyer' : 'Mediator'}`}
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}
