import { useState } from 'react';
import type { TermSheetVersion } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useMarkFinal } from './api';
import { messageOf } from './view';

/**
 * The mediator's confirmation before a version goes out for signature: who will be asked (every counsel, and each
 * party with an e-mail, by a link sent there), and that the version no longer changes.
 */
export function MarkFinalDialog({
  requestId,
  version,
  open,
  onOpenChange,
}: {
  requestId: string;
  version: TermSheetVersion;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const markFinal = useMarkFinal(requestId);
  const [error, setError] = useState<string | null>(null);
  const byEmail = version.content.parties.filter((p) => p.email);
  const close = () => {
    onOpenChange(false);
    setError(null);
  };
  const submit = async () => {
    setError(null);
    try {
      await markFinal.mutateAsync(version.number);
      toast({ title: `Version ${version.number} is final`, description: 'Everyone is asked to sign it.' });
      close();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !markFinal.isPending && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark version {version.number} final?</DialogTitle>
          <DialogDescription>Everyone will be asked to sign it, and it can no longer change. If anyone refuses, drafting opens again.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm">
          <p>Every counsel of the case signs here, on this page.</p>
          {byEmail.length ? (
            <>
              <p>These parties get an e-mail with a link to sign:</p>
              <ul className="list-disc pl-5">
                {byEmail.map((p, i) => (
                  <li key={`${i}-${p.name}`} className="wrap-anywhere">
                    {p.name}, at {p.email}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>No party has an e-mail in this version, so only counsel sign.</p>
          )}
        </div>
        {error ? (
          <Alert tone="destructive">
            <p>{error}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={markFinal.isPending}>
            Not yet
          </Button>
          <Button onClick={() => void submit()} disabled={markFinal.isPending}>
            {markFinal.isPending ? 'Sending...' : 'Mark final and ask for signatures'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
