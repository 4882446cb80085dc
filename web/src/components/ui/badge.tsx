import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        viral: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
        hot: 'border-transparent bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
        rising: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        trending: 'border-transparent bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
        tag: 'border-transparent bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
        velocity: 'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
        new: 'border-emerald-700/60 bg-transparent text-emerald-800 dark:border-emerald-300/60 dark:text-emerald-200',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

type BadgeVariant = BadgeProps['variant'];

/** Each variant's classes, merged once: a page of story cards draws a heat badge on most of them. */
const variantClasses = new Map<BadgeVariant, string>();

function classesOf(variant: BadgeVariant): string {
  let classes = variantClasses.get(variant);
  if (classes === undefined) {
    classes = cn(badgeVariants({ variant }));
    variantClasses.set(variant, classes);
  }
  return classes;
}

export function Badge({ className, variant, ...props }: BadgeProps) {
  const classes = classesOf(variant);
  return <span data-slot="badge" className={className ? cn(classes, className) : classes} {...props} />;
}
