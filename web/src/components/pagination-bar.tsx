import { SpriteIcon } from '@/components/sprite-icon';
import { paginationWindow, shouldShowPagination } from '#common/rules/pagination.ts';
import { Button } from '@/components/ui/button';

export interface PaginationBarProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** First, previous, page numbers (the spec's window rule), next and last; hidden for one page or none. */
export function PaginationBar({ page, totalPages, onPageChange }: PaginationBarProps) {
  if (!shouldShowPagination(totalPages)) return null;
  const isFirst = page <= 1;
  const isLast = page >= totalPages;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="icon" aria-label="First page" disabled={isFirst} onClick={() => onPageChange(1)}>
        <SpriteIcon name="chevrons-left" />
      </Button>
      <Button variant="outline" size="icon" aria-label="Previous page" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
        <SpriteIcon name="chevron-left" />
      </Button>
      {paginationWindow(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`ellipsis-${index}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'default' : 'outline'}
            size="icon"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button variant="outline" size="icon" aria-label="Next page" disabled={isLast} onClick={() => onPageChange(page + 1)}>
        <SpriteIcon name="chevron-right" />
      </Button>
      <Button variant="outline" size="icon" aria-label="Last page" disabled={isLast} onClick={() => onPageChange(totalPages)}>
        <SpriteIcon name="chevrons-right" />
      </Button>
    </nav>
  );
}
