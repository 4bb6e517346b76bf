import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LawyerProfile, LawyerProfileInput } from '../../../common/schemas/profile';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/use-toast';
import { LawyerProfileFields } from '../../features/profile/lawyer-profile-fields';
import { useSaveLawyerProfile } from '../../features/profile/api';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePageTitle } from '../../lib/use-page-title';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { OnboardingLayout } from './onboarding-layout';

const profileSchema = () => import('../../../common/schemas/profile').then((m) => m.LawyerProfileSchema);
const validation = lazyZodResolver(profileSchema);

export function OnboardingLawyerPage() {
  usePageTitle('Complete Your Lawyer Profile');
  const navigate = useNavigate();
  const save = useSaveLawyerProfile();
  usePreloadWhenIdle(validation.preload);
  const form = useForm<LawyerProfileInput, unknown, LawyerProfile>({
    resolver: validation.resolver,
    defaultValues: { firmName: '', barNumber: '', jurisdiction: '', phoneNumber: '', bio: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: 'Profile Created', description: 'Your lawyer profile has been created successfully!' });
      navigate('/dashboard');
    } catch (error) {
      applyServerErrors(error, form.setError, Object.keys((await profileSchema()).shape));
      toastError('Error', error);
    }
  });
  return (
    <OnboardingLayout title="Complete Your Lawyer Profile" description="Tell mediators about your practice. Only the jurisdiction is required.">
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <LawyerProfileFields form={form} />
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Creating Profile...' : 'Complete Profile'}
        </Button>
      </form>
    </OnboardingLayout>
  );
}
