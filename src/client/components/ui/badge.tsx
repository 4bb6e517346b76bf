import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

// The looks are classes of the components layer (ui.css, decision 067): a utility in `className` overrides them.
export const badgeVariants = cva('ui-badge', {
  variants: {
    tone: {
      default: 'ui-badge-primary',
      primary: 'ui-badge-primary',
      muted: 'ui-badge-muted',
      outline: 'ui-badge-outline',
      yellow: 'ui-badge-yellow',
      blue: 'ui-badge-blue',
      green: 'ui-badge-green',
      purple: 'ui-badge-purple',
      destructive: 'ui-badge-destructive',
    },
  },
  defaultVariants: { tone: 'default' },
});

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
