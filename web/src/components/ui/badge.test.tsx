import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { cn } from '@/lib/utils';
import { Badge, badgeVariants } from './badge';

test('a badge has the classes of its variant merged with its own, the same on every render (null: no variant)', () => {
  for (const variant of [undefined, null, 'default', 'viral', 'trending'] as const) {
    for (const className of [undefined, 'ring-2 px-3']) {
      const expected = renderToStaticMarkup(<span data-slot="badge" className={cn(badgeVariants({ variant }), className)}>label</span>);
      expect(renderToStaticMarkup(<Badge variant={variant} className={className}>label</Badge>)).toBe(expected);
      expect(renderToStaticMarkup(<Badge variant={variant} className={className}>label</Badge>)).toBe(expected);
    }
  }
  expect(renderToStaticMarkup(<Badge variant={null}>label</Badge>)).not.toContain('bg-primary');
});
