import { MailOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

// An invitation opened before the invitee had an account: signing up goes through e-mail verification, role and
// profile, which lose the link's address on the way. The token is kept in this browser until it is used or dismissed,
// and the dashboard offers to continue.
const KEY = 'mediatehub.pendingInvitation';

export function rememberInvitation(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the invitee opens the e-mail's link again.
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

function rememberedInvitation(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** On the dashboard: "You were invited to join a case" while an opened invitation waits in this browser. */
export function PendingInvitationNotice() {
  const [token, setToken] = useState(rememberedInvitation);
  if (!token) return null;
  return (
    <Alert tone="info">
      <MailOpen aria-hidden="true" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>You opened an invitation to join a case as opposing counsel. Continue to join it.</p>
        <div className="flex gap-2">
          <Button asChild size="sm">
            <Link to={`/invitations/${encodeURIComponent(token)}`}>Continue to the invitation</Link>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              forgetInvitation();
              setToken(null);
            }}
          >
            Dismiss
          </Button>
        </div>
      </div>
    </Alert>
  );
}
