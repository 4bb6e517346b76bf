import { CircleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/**
 * /admin/<anything else> (admins): the admin area has no such page. Said in the admin's own frame, with the tabs and
 * the way back to the admin dashboard, rather than a placeholder announcing sections that all exist.
 */
export function AdminNotFoundPage() {
  usePageTitle('Page Not Found');
  const { pathname } = useLocation();
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="font-serif text-3xl font-semibold">Page Not Found</h1>
      <AdminTabs />
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <CircleAlert aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-1">
            <p className="font-medium">There is no admin page here.</p>
            <p className="text-muted-foreground wrap-anywhere">
              Nothing is at <code className="font-mono text-sm">{pathname}</code>. Every admin section is in the tabs above.
            </p>
          </div>
          <Button asChild variant="outline" className="sm:ml-auto">
            <Link to="/admin">Back to dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
