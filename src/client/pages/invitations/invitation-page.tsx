import { useParams } from 'react-router';
import { PublicLayout } from '../../app/layouts/public-layout';
import { InvitationLanding } from '../../features/case-sides/invitation-landing';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

/** `/invitations/:token`: the page an invitation e-mail's link opens, signed in or not (decision 043). */
export function InvitationPage() {
  usePageTitle('Invitation to join a case');
  const { token = '' } = useParams();
  const { user } = useCurrentUser();
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <InvitationLanding token={token} user={user} />
      </div>
    </PublicLayout>
  );
}
