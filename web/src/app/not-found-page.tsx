import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/** Any path outside the route table (the server answers it with status 404). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="grid justify-items-center gap-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link href="/">Back to stories</Link>
      </Button>
    </div>
  );
}
