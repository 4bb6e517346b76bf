import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { fullName } from './user-labels';

/** Suspending asks first: it ends the user's sessions (user-actions.tsx). */
export function SuspendDialog({ user, pending, onConfirm, onCancel }: { user: AdminUserDto; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspend {fullName(user)}?</DialogTitle>
          <DialogDescription>They will be signed out at once and cannot sign in again until you approve them or set them back to pending.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Suspending...' : 'Suspend user'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
