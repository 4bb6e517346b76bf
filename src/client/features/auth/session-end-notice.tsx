import { Clock, KeyRound, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionEndReason } from '../../../common/domain/session-end';
import { SESSION_END_MESSAGES } from '../../../common/domain/session-end';
import { Alert } from '../../components/ui/alert';

/**
 * Why the user is on the sign-in page without having signed out (decision 038): their account was suspended (also
 * when a sign-in is refused for it), their password was changed, or the session ran out.
 */
export function SessionEndNotice({ reason }: { reason: SessionEndReason }) {
  if (reason === 'suspended') {
    return (
      <Alert tone="warning" data-testid="session-end-notice">
        <ShieldAlert aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">Your account has been suspended.</p>
          <p>
            You cannot sign in while it is suspended.{' '}
            <Link to="/contact" className="font-medium underline underline-offset-4">
              Contact support
            </Link>{' '}
            if you believe this is a mistake.
          </p>
        </div>
      </Alert>
    );
  }
  const Icon = reason === 'password_changed' ? KeyRound : Clock;
  return (
    <Alert tone="info" data-testid="session-end-notice">
      <Icon aria-hidden="true" />
      <p>{SESSION_END_MESSAGES[reason]}</p>
    </Alert>
  );
}
