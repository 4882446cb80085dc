import { SpriteIcon } from '@/components/sprite-icon';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export interface NativeSelectOption {
  value: string;
  label: string;
}

/**
 * The browser's own select, styled like the app's fields: no script behind it, so it costs nothing to render or
 * hydrate, and phones show their native picker. Used where a page must be ready fast (the story list's filters).
 */
export function NativeSelect({ className, options, ...props }: Omit<ComponentProps<'select'>, 'children'> & { options: readonly NativeSelectOption[] }) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background py-1.5 pr-8 pl-3 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SpriteIcon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60" />
    </div>
  );
}
