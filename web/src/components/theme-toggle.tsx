import { SpriteIcon } from '@/components/sprite-icon';
import { Button } from '@/components/ui/button';
import { useTheme, type Theme } from '@/lib/theme';

/** Switches the page's theme (kept in this browser); `onThemeChange` may keep it elsewhere too (a signed-in person's preferences). */
export function ThemeToggle({ onThemeChange }: { onThemeChange?: (theme: Theme) => void }) {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const switchTheme = () => {
    setTheme(next);
    onThemeChange?.(next);
  };
  return (
    <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} onClick={switchTheme}>
      <SpriteIcon name={theme === 'dark' ? 'sun' : 'moon'} />
    </Button>
  );
}
