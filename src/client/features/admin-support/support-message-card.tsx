import { CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import type { SupportMessageDto } from '../../../common/schemas/admin-support';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';
import { useSetHandled } from './api';

/** One contact-form message in full, with who handled it and the toggle between handled and open. */
export function SupportMessageCard({ message: m }: { message: SupportMessageDto }) {
  const setHandled = useSetHandled();

  const toggle = async () => {
    const handled = !m.handled;
    try {
      await setHandled.mutateAsync({ id: m.id, handled });
      toast({ title: handled ? 'Message marked as handled' : 'Message marked as open', description: m.subject, variant: 'success' });
    } catch (error) {
      toastError('Failed to update the message', error);
    }
  };

  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere">{m.subject}</h2>
          <p className="text-sm wrap-anywhere text-muted-foreground">
            From {m.name} ·{' '}
            <a href={`mailto:${m.email}`} className="text-primary underline underline-offset-4 hover:decoration-2">
              <Mail className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
              {m.email}
            </a>
          </p>
          <p className="text-sm text-muted-foreground">
            Received <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </p>
        </div>
        <Badge tone={m.handled ? 'green' : 'yellow'}>{m.handled ? 'Handled' : 'Open'}</Badge>
      </div>
      <p className="text-sm whitespace-pre-line wrap-anywhere">{m.message}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {m.handled && m.handledAt
            ? `Handled ${formatDateTime(m.handledAt)}${m.handledBy ? ` by ${m.handledBy.firstName} ${m.handledBy.lastName}` : ''}`
            : null}
        </p>
        <Button variant={m.handled ? 'outline' : 'default'} size="sm" onClick={() => void toggle()} disabled={setHandled.isPending}>
          {m.handled ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {m.handled ? 'Mark open' : 'Mark handled'}
        </Button>
      </div>
    </Card>
  );
}
