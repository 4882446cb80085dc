import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export type SwitchProps = Omit<ComponentProps<'button'>, 'type' | 'role' | 'value' | 'onChange'> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * An on/off switch: a button with the switch role, so labels, keyboard (Space, Enter) and screen readers work
 * as for any button. Plain markup with no state of its own: it renders and hydrates as cheaply as a button.
 */
export function Switch({ className, checked, onCheckedChange, onClick, ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-4 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}
