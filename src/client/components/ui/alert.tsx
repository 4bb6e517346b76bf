import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

// The looks are classes of the components layer (ui.css, decision 067): a utility in `className` overrides them.
const alertVariants = cva('ui-alert', {
  variants: {
    tone: { info: 'ui-alert-info', success: 'ui-alert-success', warning: 'ui-alert-warning', destructive: 'ui-alert-destructive' },
  },
  defaultVariants: { tone: 'info' },
});

export function Alert({ className, tone, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div role={tone === 'destructive' ? 'alert' : 'status'} className={cn(alertVariants({ tone }), className)} {...props} />;
}
