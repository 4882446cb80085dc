import { EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { MAX_MUTES, MUTE_KINDS, MUTE_KIND_NAMES, STORY_KIND_NAMES, STORY_KINDS, type MuteKind } from '#common/rules/mutes.ts';
import { BackLink, PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { isQueuedWrite, isUnauthorizedError, messageOf } from '@/lib/api';
import { useAddMute, useMutes, useRemoveMute } from '@/lib/mutes-api';

/** What a person can type a rule for here (a single story is hidden from its card). */
const TYPED_KINDS = MUTE_KINDS.filter((kind) => kind !== 'story');
const KIND_OPTIONS = TYPED_KINDS.map((kind) => ({ value: kind, label: MUTE_KIND_NAMES[kind] }));
const STORY_KIND_OPTIONS = STORY_KINDS.map((kind) => ({ value: kind, label: STORY_KIND_NAMES[kind] }));
const PLACEHOLDERS: Record<Exclude<MuteKind, 'story' | 'kind'>, string> = {
  word: 'a word, or "a phrase"',
  domain: 'example.com (its subdomains too)',
  author: 'a Hacker News username',
};

/** How a rule reads in the list. */
function ruleText(kind: MuteKind, value: string): string {
  if (kind === 'kind') return STORY_KIND_NAMES[value as keyof typeof STORY_KIND_NAMES] ?? value;
  if (kind === 'story') return `Story #${value}`;
  return value;
}

/** /mutes: a person's muting rules, to add and remove. Every list, search, prediction, alert and email applies them. */
export function MutesPage() {
  useDocumentTitle('Muted stories');
  const mutes = useMutes();
  const add = useAddMute();
  const remove = useRemoveMute();
  const [kind, setKind] = useState<MuteKind>('word');
  const [value, setValue] = useState('');
  const [storyKind, setStoryKind] = useState<string>(STORY_KINDS[0]);
  const [error, setError] = useState<string | null>(null);
  const ids = { kind: useId(), value: useId(), error: useId() };

  const submit = () => {
    setError(null);
    add.mutate(
      { kind, value: kind === 'kind' ? storyKind : value },
      {
        onSuccess: (data) => {
          setValue('');
          if (isQueuedWrite(data)) toast.success('You are offline: the rule will be added when the connection is back.');
          else toast.success(`Muted ${ruleText(data.mute.kind, data.mute.value)}`);
        },
        onError: (failure) => {
          if (!isUnauthorizedError(failure)) setError(messageOf(failure, 'Could not add the rule. Please try again.'));
        },
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <BackLink>Back to stories</BackLink>
      <PageHeader icon={EyeOff} title="Muted stories">
        <p className="text-muted-foreground">
          Stories matching any rule are hidden from every list, search, prediction, keyword alert and email. Words match whole words in
          titles, in any case; a domain mutes its subdomains. At most {MAX_MUTES} rules.
        </p>
      </PageHeader>
      <form
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[auto_1fr_auto] sm:items-end"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={ids.kind}>Mute by</Label>
          <NativeSelect id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as MuteKind)} options={KIND_OPTIONS} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.value}>{kind === 'kind' ? 'Kind of story' : MUTE_KIND_NAMES[kind]}</Label>
          {kind === 'kind' ? (
            <NativeSelect id={ids.value} value={storyKind} onChange={(event) => setStoryKind(event.target.value)} options={STORY_KIND_OPTIONS} />
          ) : (
            <Input
              id={ids.value}
              value={value}
              maxLength={500}
              autoComplete="off"
              placeholder={PLACEHOLDERS[kind as keyof typeof PLACEHOLDERS]}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </div>
        <Button type="submit" disabled={add.isPending || (kind !== 'kind' && value.trim() === '')}>
          Mute
        </Button>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-destructive sm:col-span-3">
            {error}
          </p>
        )}
      </form>
      <section aria-labelledby={`${ids.kind}-rules`} className="grid gap-2">
        <h2 id={`${ids.kind}-rules`} className="text-lg font-semibold">
          Your rules{mutes.data ? ` (${mutes.data.length})` : ''}
        </h2>
        {mutes.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading rules">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : mutes.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 rounded-xl border border-destructive/40 bg-card p-4">
            <p>Failed to load your rules.</p>
            <Button variant="outline" onClick={() => void mutes.refetch()}>
              Try Again
            </Button>
          </div>
        ) : mutes.data.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">Nothing is muted. Hide a story or mute its domain or author from its card, or add a rule above.</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-card" aria-label="Muting rules">
            {mutes.data.map((mute) => (
              <li key={mute.id} className="flex items-center justify-between gap-3 px-4 py-2">
                <span className="min-w-0 truncate">
                  <span className="text-sm text-muted-foreground">{MUTE_KIND_NAMES[mute.kind]}: </span>
                  <span className="font-medium">{ruleText(mute.kind, mute.value)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Unmute ${MUTE_KIND_NAMES[mute.kind].toLowerCase()} ${ruleText(mute.kind, mute.value)}`}
                  disabled={remove.isPending && remove.variables === mute.id}
                  onClick={() =>
                    remove.mutate(mute.id, {
                      onError: (failure) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, 'Could not remove the rule.'))),
                    })
                  }
                >
                  Unmute
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
