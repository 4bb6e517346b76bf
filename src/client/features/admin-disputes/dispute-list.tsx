import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { DisputeStatus } from '../../../common/enums';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { lazyDialog } from '../../components/lazy-parts';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { useDisputes } from './api';
import { DisputeCard } from './dispute-card';

// A dispute's dialogs (its ledger, the resolution form and zod) load when one is first opened (docs/decisions/058).
const DisputeDetailDialog = lazyDialog(() => import('./dispute-detail-dialog').then((m) => m.DisputeDetailDialog));
const ResolveDisputeDialog = lazyDialog(() => import('./resolve-dispute-dialog').then((m) => m.ResolveDisputeDialog));

const SECTIONS: Record<DisputeStatus, { title: string; empty: string }> = {
  open: { title: 'Open', empty: 'No open disputes. Problems lawyers report about completed mediations appear here.' },
  resolved: { title: 'Resolved', empty: 'No resolved disputes yet.' },
};

function DisputeSection({ status, onOpen }: { status: DisputeStatus; onOpen: (dispute: AdminDisputeDto) => void }) {
  const list = useDisputes(status);
  const headingId = `disputes-${status}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {SECTIONS[status].title}
      </h2>
      <PagedListView
        list={list}
        itemKey={(d) => d.id}
        loadingLabel={`Loading ${status} disputes`}
        skeletonClassName="h-32"
        className="grid gap-3"
        renderItem={(d) => <DisputeCard dispute={d} onOpen={onOpen} />}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden="true" />
              <p>{SECTIONS[status].empty}</p>
            </CardContent>
          </Card>
        }
      />
    </section>
  );
}

/**
 * The admins' disputes (RULES.md 2.5): open ones first, then resolved, each newest first with 'Load more'. A dispute
 * opens in a detail dialog; an open one is resolved from there.
 */
export function DisputeList() {
  const [shown, setShown] = useState<{ dispute: AdminDisputeDto; step: 'detail' | 'resolve' } | null>(null);
  const close = () => setShown(null);
  return (
    <div className="grid gap-8">
      <DisputeSection status="open" onOpen={(dispute) => setShown({ dispute, step: 'detail' })} />
      <DisputeSection status="resolved" onOpen={(dispute) => setShown({ dispute, step: 'detail' })} />
      {shown?.step === 'detail' ? (
        <DisputeDetailDialog
          dispute={shown.dispute}
          onOpenChange={(open) => !open && close()}
          onResolve={(dispute) => setShown({ dispute, step: 'resolve' })}
        />
      ) : null}
      {shown?.step === 'resolve' ? <ResolveDisputeDialog dispute={shown.dispute} onOpenChange={(open) => !open && close()} /> : null}
    </div>
  );
}
