import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const badgeVariants = cva('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', {
  variants: {
    tone: {
      default: 'border-transparent bg-primary text-primary-foreground',
      primary: 'border-transparent bg-primary text-primary-foreground',
      muted: 'border-transparent bg-muted text-muted-foreground',
      outline: 'text-foreground',
      yellow: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200',
      blue: 'border-transparent bg-blue-100 text-blue-900 dark:bg-blue-400/20 dark:text-blue-200',
      green: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200',
      purple: 'border-transparent bg-violet-100 text-violet-900 dark:bg-violet-400/20 dark:text-violet-200',
      destructive: 'border-transparent bg-destructive text-destructive-foreground',
    },
  },
  defaultVariants: { tone: 'default' },
});

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
