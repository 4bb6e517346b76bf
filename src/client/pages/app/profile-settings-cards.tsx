import type { UserDto } from '../../../common/api-types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AccountDataCard } from '../../features/account-data/account-data-card';
import { AgreementSettingsCard } from '../../features/agreement-settings/agreement-settings-card';
import { AvailabilityCard } from '../../features/availability/availability-card';
import { CalendarFeedCard } from '../../features/availability/calendar-feed-card';
import { TimeZoneCard } from '../../features/availability/time-zone-card';
import { EmailPreferencesCard } from '../../features/notifications/email-preferences';
import { ChangePasswordForm } from '../../features/profile/change-password-form';

/**
 * The profile's settings below its forms, for `user`'s role: loaded after the page (profile-page.tsx), as one chunk,
 * so the name and profile forms draw without their code.
 */
export function ProfileSettingsCards({ user }: { user: UserDto }) {
  const party = user.role === 'lawyer' || user.role === 'mediator';
  return (
    <>
      {party ? <TimeZoneCard current={user.timeZone} /> : null}
      {user.role === 'mediator' ? <AvailabilityCard /> : null}
      {user.role === 'mediator' ? <AgreementSettingsCard /> : null}
      {party ? <CalendarFeedCard /> : null}
      <EmailPreferencesCard />
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs out your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <AccountDataCard canDelete={user.role !== 'admin'} />
    </>
  );
}
