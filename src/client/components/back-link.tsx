import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';

/** The "back" link above a page title (spec 2: /requests/new and /requests/{id} go back to /requests). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" className="-ml-3 mb-2">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
