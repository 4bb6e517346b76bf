import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../components/lazy-parts';
import { Button } from '../../components/ui/button';

// The dialog (its form and zod) loads when first opened (docs/decisions/058).
const BroadcastDialog = lazyDialog(() => import('./broadcast-dialog').then((m) => m.BroadcastDialog));

/** 'Broadcast notification' on the users' tab (spec 7): opens the broadcast dialog. */
export function BroadcastButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Megaphone aria-hidden="true" />
        Broadcast notification
      </Button>
      <BroadcastDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
