import { Plus, Replace, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { KEYWORD_ALIAS_MAX_CHARS } from '#common/contracts/admin.ts';
import { EmptyState, LoadFailed } from '@/components/admin-page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { isUnauthorizedError, messageOf } from '@/lib/api';
import { useDeleteKeywordAlias, useKeywordAliases, useSaveKeywordAlias } from './api';

const failed = (fallback: string) => (error: unknown) => {
  if (!isUnauthorizedError(error)) toast.error('Error', { description: messageOf(error, fallback) });
};

/**
 * The keyword alias table (docs/keywords.md): spellings counted as one keyword ("LLMs" as "LLM"). A change applies
 * to the stories counted and the alerts matched from then on; hours already counted keep their keywords.
 */
export function KeywordAliasesManager() {
  const aliases = useKeywordAliases();
  const remove = useDeleteKeywordAlias();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Spellings counted as one keyword in trends and alerts. A change applies to stories counted from now on; hours already counted keep their
        keywords.
      </p>
      <AddAliasForm />
      {aliases.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading keyword aliases">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full rounded-lg" />
          ))}
        </div>
      ) : aliases.isError ? (
        <LoadFailed text="Failed to load keyword aliases. Please try again." onRetry={() => void aliases.refetch()} />
      ) : aliases.data.aliases.length === 0 ? (
        <EmptyState icon={Replace} text="No keyword aliases yet." />
      ) : (
        <ul className="divide-y rounded-lg border bg-card" aria-label="Keyword aliases">
          {aliases.data.aliases.map((entry) => (
            <li key={entry.alias} className="flex items-center gap-3 px-3 py-1.5 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-mono">{entry.alias}</span> <span className="text-muted-foreground">counts as</span>{' '}
                <span className="font-medium">{entry.keyword}</span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="pointer-coarse:size-11"
                aria-label={`Remove the alias ${entry.alias}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(entry.alias, {
                    onSuccess: () => toast.success('Alias Removed', { description: `${entry.alias} is its own keyword again.` }),
                    onError: failed('Failed to remove the alias. Please try again.'),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddAliasForm() {
  const id = useId();
  const [alias, setAlias] = useState('');
  const [keyword, setKeyword] = useState('');
  const save = useSaveKeywordAlias();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!alias.trim() || !keyword.trim()) {
      toast.error('Validation Error', { description: 'Alias and keyword are required.' });
      return;
    }
    save.mutate(
      { alias: alias.trim(), keyword: keyword.trim() },
      {
        onSuccess: ({ alias: saved }) => {
          toast.success('Alias Saved', { description: `${saved.alias} now counts as ${saved.keyword}.` });
          setAlias('');
          setKeyword('');
        },
        onError: failed('Failed to save the alias. Please try again.'),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Add keyword alias">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-alias`}>Alias</Label>
        <Input id={`${id}-alias`} value={alias} maxLength={KEYWORD_ALIAS_MAX_CHARS} placeholder="LLMs" onChange={(event) => setAlias(event.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-keyword`}>Counts as keyword</Label>
        <Input id={`${id}-keyword`} value={keyword} maxLength={KEYWORD_ALIAS_MAX_CHARS} placeholder="LLM" onChange={(event) => setKeyword(event.target.value)} />
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Plus aria-hidden="true" /> Add Alias
      </Button>
    </form>
  );
}
