import { MailX, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { NOTIFICATION_EMAIL_INFO, UNSUBSCRIBE_INVALID, unsubscribeTokenKind } from '../../../common/schemas/email-preferences';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { useUnsubscribe } from './api';

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * The page an e-mail's unsubscribe link leads to (through GET /api/email/unsubscribe, which changes nothing): it says
 * which e-mails the link turns off and does it only when confirmed (a POST; RULES.md 7 allows no state-changing GET).
 */
export function UnsubscribeConfirm({ token, invalid }: { token: string | null; invalid: boolean }) {
  const unsubscribe = useUnsubscribe();
  const kind = invalid ? null : unsubscribeTokenKind(token);
  const label = kind ? NOTIFICATION_EMAIL_INFO[kind].label.toLowerCase() : null;
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;

  return (
    <Card>
      <CardHeader>
        <h1 className="font-serif text-2xl font-semibold">Email notifications</h1>
        {kind && !refused ? (
          <CardDescription>This link turns off the e-mails about {label}. You will still see them in your notifications.</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!kind || !token || refused ? (
          <Alert tone="destructive">
            <MailX aria-hidden="true" />
            <p>{UNSUBSCRIBE_INVALID}</p>
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert tone="success">
            <MailCheck aria-hidden="true" />
            <p>You will no longer receive e-mails about {label}. You can turn them back on from your profile at any time.</p>
          </Alert>
        ) : (
          <>
            {unsubscribe.isError ? (
              <Alert tone="destructive">
                <MailX aria-hidden="true" />
                <p>{unsubscribe.error.message}</p>
              </Alert>
            ) : null}
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Unsubscribing...' : `Stop e-mails about ${label}`}
            </Button>
          </>
        )}
        <Link to="/profile" className={`${linkClass} text-center`}>
          Manage all e-mail settings
        </Link>
      </CardContent>
    </Card>
  );
}
