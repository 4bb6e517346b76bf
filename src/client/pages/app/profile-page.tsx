import { BadgeCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useForm } from 'react-hook-form';
import type { UserDto } from '../../../common/api-types';
import type { Names } from '../../../common/schemas/auth';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { LawyerProfile, LawyerProfileInput, MediatorProfile, MediatorProfileInput } from '../../../common/schemas/profile';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { useCurrentUser } from '../../lib/current-user';
import { useUpdateProfile } from '../../features/profile/api';
import { LawyerProfileFields } from '../../features/profile/lawyer-profile-fields';
import { MediatorProfileFields } from '../../features/profile/mediator-profile-fields';
import { PhotoUpload } from '../../features/profile/photo-upload';
import { applyServerErrors } from '../../lib/form-errors';
import { formatRating } from '../../lib/format';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePageTitle } from '../../lib/use-page-title';
import { usePreloadWhenIdle } from '../../lib/when-idle';

// The settings below the profile forms (time zone, availability, agreements, calendar, e-mails, password, own data)
// are a chunk of their own, fetched as the page opens: not part of the profile's first load (docs/decisions/058).
const ProfileSettingsCards = lazy(() => import('./profile-settings-cards').then((m) => ({ default: m.ProfileSettingsCards })));

// The forms' zod schemas load once the page is idle, not with it (docs/decisions/058); a save before that waits.
const namesValidation = lazyZodResolver(() => import('../../../common/schemas/auth').then((m) => m.NamesSchema));
const lawyerSchema = () => import('../../../common/schemas/profile').then((m) => m.LawyerProfileSchema);
const lawyerValidation = lazyZodResolver(lawyerSchema);
const mediatorSchema = () => import('../../../common/schemas/profile').then((m) => m.MediatorProfileSchema);
const mediatorValidation = lazyZodResolver(mediatorSchema);

function PersonalCard({ user }: { user: UserDto }) {
  const update = useUpdateProfile();
  usePreloadWhenIdle(namesValidation.preload);
  const form = useForm<Names>({
    resolver: namesValidation.resolver,
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile updated', description: 'Your changes are saved.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['firstName', 'lastName'])) toastError('Error', error);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal information</CardTitle>
        <CardDescription className="wrap-anywhere">{user.email}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PhotoUpload user={user} />
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={form.formState.errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={form.formState.errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function LawyerCard({ user }: { user: UserDto }) {
  const p = user.lawyerProfile!;
  const update = useUpdateProfile();
  usePreloadWhenIdle(lawyerValidation.preload);
  const form = useForm<LawyerProfileInput, unknown, LawyerProfile>({
    resolver: lawyerValidation.resolver,
    defaultValues: {
      firmName: p.firmName ?? '',
      barNumber: p.barNumber ?? '',
      jurisdiction: p.jurisdiction,
      phoneNumber: p.phoneNumber ?? '',
      bio: p.bio ?? '',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ lawyerProfile: values });
      toast({ title: 'Profile updated', description: 'Your lawyer profile is saved.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, Object.keys((await lawyerSchema()).shape), 'lawyerProfile.')) toastError('Error', error);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lawyer profile</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <LawyerProfileFields form={form} />
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MediatorCard({ user }: { user: UserDto }) {
  const p = user.mediatorProfile!;
  const update = useUpdateProfile();
  usePreloadWhenIdle(mediatorValidation.preload);
  const form = useForm<MediatorProfileInput, unknown, MediatorProfile>({
    resolver: mediatorValidation.resolver,
    defaultValues: {
      certifications: p.certifications,
      specializations: p.specializations,
      yearsExperience: p.yearsExperience ?? '',
      hourlyRate: p.hourlyRate ?? '',
      jurisdiction: p.jurisdiction,
      phoneNumber: p.phoneNumber ?? '',
      bio: p.bio ?? '',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ mediatorProfile: values });
      toast({ title: 'Profile updated', description: 'Your mediator profile is saved.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, Object.keys((await mediatorSchema()).shape), 'mediatorProfile.')) toastError('Error', error);
    }
  });
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Mediator profile</CardTitle>
          <Badge tone="outline">{TIER_LABELS[p.subscriptionTier]} plan</Badge>
          {user.status === 'approved' ? (
            <Badge tone="green">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          Rating {formatRating(p.rating, p.reviewCount)} · {p.reviewCount} review{p.reviewCount === 1 ? '' : 's'} · {p.totalMediationsCompleted} completed
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <MediatorProfileFields form={form} />
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <h1 className="font-serif text-3xl font-semibold">Profile</h1>
      <PersonalCard user={user} />
      {user.lawyerProfile ? <LawyerCard user={user} /> : null}
      {user.mediatorProfile ? <MediatorCard user={user} /> : null}
      <Suspense fallback={<Skeleton className="h-96" />}>
        <ProfileSettingsCards user={user} />
      </Suspense>
    </div>
  );
}
