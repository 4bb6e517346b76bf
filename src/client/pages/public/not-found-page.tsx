import { CircleAlert, Home } from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '../../app/layouts/public-layout';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { Card, CardContent } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';

/** Page-level error of spec 8: '404 Page Not Found'. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <PublicLayout>
      <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
        <Card className="w-full max-w-md">
          <CardContent className="flex flex-col items-center p-8 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <CircleAlert className="size-7" aria-hidden="true" />
            </span>
            <h1 className="mt-5 font-serif text-2xl font-semibold">404 Page Not Found</h1>
            <p className="mt-2 text-muted-foreground">Did you forget to add the page to the router?</p>
            <Link to="/" className={cn(buttonVariants(), 'mt-6')}>
              <Home aria-hidden="true" />
              Back to Home
            </Link>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
