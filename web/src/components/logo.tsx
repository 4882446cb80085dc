import { SpriteIcon } from '@/components/sprite-icon';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@/lib/document-title';

export function Logo() {
  return (
    <Link href="/" className="inline-flex items-center gap-2 rounded-md font-bold text-lg">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <SpriteIcon name="trending-up" className="size-5" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
