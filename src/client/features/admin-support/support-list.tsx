import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { SUPPORT_FILTERS, useSupportMessages, type SupportFilter } from './api';
import { SupportMessageCard } from './support-message-card';

const FILTER_LABELS: Record<SupportFilter, string> = { open: 'Open', handled: 'Handled', all: 'All' };
const EMPTY: Record<SupportFilter, string> = {
  open: 'No open messages. Messages sent through the contact form appear here.',
  handled: 'No handled messages yet.',
  all: 'No messages yet. Messages sent through the contact form appear here.',
};

/** The Support tab (RULES.md 7): contact-form messages, open ones by default, newest first with 'Load more'. */
export function SupportList() {
  const id = useId();
  const [filter, setFilter] = useState<SupportFilter>('open');
  const list = useSupportMessages(filter);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2 sm:justify-start">
        <Label htmlFor={id}>Show</Label>
        <NativeSelect id={id} className="sm:w-48" value={filter} onChange={(e) => setFilter(e.target.value as SupportFilter)}>
          {SUPPORT_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PagedListView
        list={list}
        itemKey={(m) => m.id}
        loadingLabel="Loading messages"
        skeletonClassName="h-40"
        className="grid gap-3"
        renderItem={(m) => <SupportMessageCard message={m} />}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden="true" />
              <p>{EMPTY[filter]}</p>
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}
