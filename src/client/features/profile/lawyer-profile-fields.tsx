import type { UseFormReturn } from 'react-hook-form';
import type { LawyerProfileInput } from '../../../common/schemas/profile';
import { JurisdictionInput } from '../../components/jurisdiction-input';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';

/** The lawyer profile fields, shared by onboarding and /profile. */
export function LawyerProfileFields<Output>({ form }: { form: UseFormReturn<LawyerProfileInput, unknown, Output> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <FormField label="Law firm name" error={errors.firmName?.message}>
        <Input autoComplete="organization" {...form.register('firmName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Bar number" error={errors.barNumber?.message}>
          <Input {...form.register('barNumber')} />
        </FormField>
        <FormField label="Primary jurisdiction" required error={errors.jurisdiction?.message}>
          <JurisdictionInput {...form.register('jurisdiction')} />
        </FormField>
      </div>
      <FormField label="Phone number" error={errors.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('phoneNumber')} />
      </FormField>
      <FormField label="Professional bio" error={errors.bio?.message}>
        <Textarea rows={4} placeholder="Your practice, experience and the cases you handle." {...form.register('bio')} />
      </FormField>
    </div>
  );
}
