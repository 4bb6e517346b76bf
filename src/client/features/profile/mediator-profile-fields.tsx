import type { ComponentProps } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { MediatorProfileInput } from '../../../common/schemas/profile';
import { JurisdictionInput } from '../../components/jurisdiction-input';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { TagInput } from '../../components/ui/tag-input';

type TagFieldName = 'certifications' | 'specializations';

/**
 * A tag list bound to the form. It takes the id and aria attributes FormField hands its child and passes them to the
 * text input, so the label, hint and error belong to it (a Controller element in between would drop them).
 */
function TagField<Output>({
  form,
  name,
  ...inputProps
}: { form: UseFormReturn<MediatorProfileInput, unknown, Output>; name: TagFieldName } & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'form' | 'name'>) {
  const { field } = useController({ control: form.control, name });
  return <TagInput value={field.value ?? []} onChange={field.onChange} {...inputProps} />;
}

/** The mediator profile fields, shared by onboarding and /profile. */
export function MediatorProfileFields<Output>({ form }: { form: UseFormReturn<MediatorProfileInput, unknown, Output> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <FormField label="Certifications" hint="Type one and press Enter to add it." error={errors.certifications?.message}>
        <TagField form={form} name="certifications" placeholder="e.g. Certified Family Mediator" />
      </FormField>
      <FormField label="Specializations" hint="Requests are matched on these. Press Enter after each." error={errors.specializations?.message}>
        <TagField form={form} name="specializations" placeholder="e.g. Family Law" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Years of experience" error={errors.yearsExperience?.message}>
          <Input type="number" inputMode="numeric" min={0} step={1} {...form.register('yearsExperience')} />
        </FormField>
        <FormField label="Hourly rate ($)" required error={errors.hourlyRate?.message}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="350" {...form.register('hourlyRate')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Primary jurisdiction" required error={errors.jurisdiction?.message}>
          <JurisdictionInput {...form.register('jurisdiction')} />
        </FormField>
        <FormField label="Phone number" error={errors.phoneNumber?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phoneNumber')} />
        </FormField>
      </div>
      <FormField label="Bio" error={errors.bio?.message}>
        <Textarea rows={4} placeholder="Your approach, background and the disputes you mediate." {...form.register('bio')} />
      </FormField>
    </div>
  );
}
