import { SpriteIcon } from '@/components/sprite-icon';
import { Button } from '@/components/ui/button';
import { currentTheme, setTheme, type Theme } from '@/lib/theme';

/**
 * Switches the page's theme (kept in this browser); `onThemeChange` may keep it elsewhere too (a signed-in person's
 * preferences). Both faces are in the markup and the page's theme class shows one: a page the server rendered (in
 * no theme of this browser's) shows the right one from its first paint, before the app runs.
 */
export function ThemeToggle({ onThemeChange }: { onThemeChange?: (theme: Theme) => void }) {
  const switchTheme = () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    setTheme(next);
    onThemeChange?.(next);
  };
  return (
    <Button variant="ghost" size="icon" onClick={switchTheme}>
      <span className="contents dark:hidden">
        <SpriteIcon name="moon" />
        <span className="sr-only">Switch to dark theme</span>
      </span>
      <span className="hidden dark:contents">
        <SpriteIcon name="sun" />
        <span className="sr-only">Switch to light theme</span>
      </span>
    </Button>
  );
}
