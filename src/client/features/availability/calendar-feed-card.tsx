import { CalendarSync, Copy, KeyRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useCalendarFeed, useChangeCalendarFeed } from './api';

/** The URL, shown once: read-only, selected on focus, with a Copy button (selecting it is the fallback). */
function NewFeedUrl({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'Paste the URL into your calendar app’s “subscribe” or “add by URL”.' });
    } catch {
      input.current?.select();
      toast({ title: 'Copy it yourself', description: 'The URL is selected: press Ctrl+C (⌘C on a Mac).' });
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Your feed URL</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs md:text-xs" />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <Alert tone="warning">
        <KeyRound aria-hidden="true" />
        <p>Keep this URL private: anyone with it can read your sessions. This is the only time it is shown.</p>
      </Alert>
    </div>
  );
}

/** A private iCalendar feed of the member's sessions (issue 25): made, replaced or turned off here; its URL shown once. */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const change = useChangeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const run = async (method: 'POST' | 'DELETE', failure: string) => {
    try {
      const next = await change.mutateAsync(method);
      setUrl(next.url);
      if (method === 'DELETE') toast({ title: 'Calendar feed turned off', description: 'Its URL no longer works.' });
    } catch (error) {
      toastError(failure, error);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="size-5 text-primary" aria-hidden="true" />
          Calendar feed
        </CardTitle>
        <CardDescription>Subscribe to your sessions in your calendar app</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <div role="status" aria-label="Loading your calendar feed">
            <Skeleton className="h-10 max-w-xs" />
          </div>
        ) : feed.isError ? (
          <QueryError error={feed.error} onRetry={feed.refetch} retrying={feed.isRefetching} />
        ) : !feed.data.active ? (
          <>
            <p className="text-sm text-muted-foreground">
              You have no feed. A feed URL lets Google Calendar, Outlook or Apple Calendar show your sessions and keep them up to date.
            </p>
            <Button className="justify-self-start" disabled={change.isPending} onClick={() => void run('POST', 'Could not create the feed URL')}>
              {change.isPending ? 'Creating...' : 'Create feed URL'}
            </Button>
          </>
        ) : (
          <>
            {url ? (
              <NewFeedUrl url={url} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Your feed is on{feed.data.createdAt ? ` (its URL was made ${formatDate(feed.data.createdAt)})` : ''}. The URL is not shown again: replace it if
                you need it.
              </p>
            )}
            <p className="text-sm text-muted-foreground">Replacing makes a new URL; the old one stops working.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={change.isPending} onClick={() => void run('POST', 'Could not replace the feed URL')}>
                Replace URL
              </Button>
              <Button variant="ghost" disabled={change.isPending} onClick={() => void run('DELETE', 'Could not turn off the feed')}>
                Turn off
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
