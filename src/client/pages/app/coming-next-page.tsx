import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { homePathFor } from '../../../common/domain/account';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

const FEATURES: Record<string, { title: string; text: string }> = {
  messages: { title: 'Messages', text: 'Real-time messaging with your counterpart on each matched request is coming next.' },
  reviews: { title: 'Reviews', text: 'Reviews from the lawyers you work with will appear here once mediations complete.' },
  payments: { title: 'Payments', text: 'Your deposits, balances and refunds will be listed here once requests are live.' },
  admin: { title: 'Super Admin Dashboard', text: 'Analytics, users, mediations, payments and settings for admins are coming next.' },
};

/** An honest placeholder for pages whose issue has not landed yet. */
export function ComingNextPage({ feature }: { feature: string }) {
  const info = FEATURES[feature] ?? { title: 'Coming next', text: 'This part of MediateHub is on its way.' };
  usePageTitle(info.title);
  // An admin's dashboard is /admin, not a lawyer's /dashboard.
  const { user } = useCurrentUser();
  return (
    <div className="grid gap-6">
      <h1 className="font-serif text-3xl font-semibold">{info.title}</h1>
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Construction aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <p className="font-medium">Coming next</p>
            <p className="text-muted-foreground">{info.text}</p>
          </div>
          <Button asChild variant="outline" className="sm:ml-auto">
            <Link to={user ? homePathFor(user) : '/dashboard'}>Back to dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
