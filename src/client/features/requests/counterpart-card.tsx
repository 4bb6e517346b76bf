import { Building2, Mail, MessageSquare, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Counterpart } from '../../../common/schemas/after-match';
import { UserAvatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/utils';

function Contact({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * The other participant of a matched request (RULES.md 6: the lawyer sees the selected mediator, the selected mediator
 * sees the lawyer) with their contact details and the request's message thread one click away (issue 7: the selected
 * mediator is told to coordinate the date, so the way to reach the lawyer sits right beside that sentence).
 */
export function CounterpartCard({
  requestId,
  counterpart,
  title,
  icon,
  description,
  fallbackName,
  messageLabel,
  className,
}: {
  requestId: string;
  counterpart: Counterpart | null;
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  /** Shown when the server sent no counterpart (e.g. 'the lawyer'). */
  fallbackName: string;
  /** The thread button's text for someone who reads the thread without taking part (an admin). */
  messageLabel?: string;
  className?: string;
}) {
  const name = counterpart ? `${counterpart.firstName} ${counterpart.lastName}`.trim() : fallbackName;
  const headingId = `counterpart-${requestId}`;
  return (
    <Card className={cn('border-emerald-300 dark:border-emerald-400/40', className)} aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        {description ? <CardDescription className="wrap-anywhere">{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {counterpart ? (
          <div className="flex min-w-0 items-start gap-3">
            <UserAvatar firstName={counterpart.firstName} lastName={counterpart.lastName} className="size-11" />
            <div className="grid min-w-0 flex-1 gap-2">
              <p className="font-semibold wrap-anywhere">
                {name} <span className="text-sm font-normal text-muted-foreground">· {counterpart.role === 'lawyer' ? 'Lawyer' : 'Mediator'}</span>
              </p>
              <dl className="grid gap-1.5 text-sm sm:grid-cols-2">
                <Contact icon={Mail} label="Email">
                  <a href={`mailto:${counterpart.email}`} className="underline-offset-4 hover:underline">
                    {counterpart.email}
                  </a>
                </Contact>
                {counterpart.phoneNumber ? (
                  <Contact icon={Phone} label="Phone">
                    <a href={`tel:${counterpart.phoneNumber.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
                      {counterpart.phoneNumber}
                    </a>
                  </Contact>
                ) : null}
                {counterpart.role === 'lawyer' && counterpart.firmName ? (
                  <Contact icon={Building2} label="Firm">
                    {counterpart.firmName}
                  </Contact>
                ) : null}
              </dl>
            </div>
          </div>
        ) : null}
        <Button asChild className="h-auto min-h-10 max-w-full justify-self-start whitespace-normal text-left">
          <Link to={`/messages/${requestId}`}>
            <MessageSquare aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">{messageLabel ?? `Message ${name}`}</span>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
