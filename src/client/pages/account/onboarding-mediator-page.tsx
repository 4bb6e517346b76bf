import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { MediatorProfile, MediatorProfileInput } from '../../../common/schemas/profile';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/use-toast';
import { MediatorProfileFields } from '../../features/profile/mediator-profile-fields';
import { useSaveMediatorProfile } from '../../features/profile/api';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePageTitle } from '../../lib/use-page-title';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { OnboardingLayout } from './onboarding-layout';

const profileSchema = () => import('../../../common/schemas/profile').then((m) => m.MediatorProfileSchema);
const validation = lazyZodResolver(profileSchema);

export function OnboardingMediatorPage() {
  usePageTitle('Complete Your Mediator Profile');
  const navigate = useNavigate();
  const save = useSaveMediatorProfile();
  usePreloadWhenIdle(validation.preload);
  const form = useForm<MediatorProfileInput, unknown, MediatorProfile>({
    resolver: validation.resolver,
    defaultValues: { certifications: [], specializations: [], yearsExperience: '', hourlyRate: '', jurisdiction: '', phoneNumber: '', bio: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: 'Profile Created', description: 'Your mediator profile has been created successfully!' });
      navigate('/dashboard');
    } catch (error) {
      applyServerErrors(error, form.setError, Object.keys((await profileSchema()).shape));
      toastError('Error', error);
    }
  });
  return (
    <OnboardingLayout
      title="Complete Your Mediator Profile"
      description="Lawyers see this when they choose a mediator. Requests are matched on your jurisdiction and specializations."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <MediatorProfileFields form={form} />
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Creating Profile...' : 'Complete Profile'}
        </Button>
      </form>
    </OnboardingLayout>
  );
}
