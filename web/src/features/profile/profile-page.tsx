import { AtSign, CalendarDays, Code, Download, Globe, Lock, MapPin, Pencil, Trash2, UserX } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { SwitchRow } from '@/components/form-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, handledAsUnauthorized, isUnauthorizedError, messageOf } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { withWebsiteScheme } from '#common/rules/links.ts';
import { PASSWORD_MAX_LENGTH } from '#common/rules/password.ts';
import { useSignInMethods } from '@/lib/auth-api';
import { EXPORT_PATH, useDeleteAccount, useProfile, useUpdateProfile, type Profile, type ProfileEdit } from './api';

function displayNameOf(profile: Profile): string {
  return profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.handle || 'Anonymous';
}

/** A website as a link target: bare domains get https:// (as the server stores them), anything not http(s) is not linked. */
function websiteHref(website: string): string | null {
  try {
    const url = new URL(withWebsiteScheme(website));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function ProfilePage({ identifier }: { identifier: string }) {
  const profile = useProfile(identifier);
  useDocumentTitle(profile.data ? displayNameOf(profile.data) : 'Profile');

  if (profile.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy="true" aria-label="Loading profile">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 py-16 text-center">
        <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Profile Not Found</h1>
        <p className="text-muted-foreground">{notFound ? 'Profile not found' : 'Failed to load profile'}</p>
      </div>
    );
  }
  return <ProfileView profile={profile.data} identifier={identifier} />;
}

function ProfileView({ profile, identifier }: { profile: Profile; identifier: string }) {
  const [editing, setEditing] = useState(false);
  const name = displayNameOf(profile);
  const website = profile.website ? websiteHref(profile.website) : null;
  const joined = new Date(profile.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long' });

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start gap-4">
          {profile.profileImageUrl ? (
            <img src={profile.profileImageUrl} alt={`${name}'s profile picture`} className="size-20 rounded-full object-cover" />
          ) : (
            <span className="grid size-20 place-items-center rounded-full bg-primary text-3xl font-bold text-primary-foreground" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="grid min-w-0 flex-1 gap-1">
            <h1 className="text-2xl font-bold break-words">{name}</h1>
            {profile.handle && <p className="text-muted-foreground">@{profile.handle}</p>}
            {profile.isOwner && profile.email && <p className="text-sm text-muted-foreground">{profile.email}</p>}
            {!profile.isPublic && (
              <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                <Lock className="size-3.5" aria-hidden="true" /> Private profile
              </p>
            )}
          </div>
          {profile.isOwner && !editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit Profile
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {editing ? (
            <ProfileForm profile={profile} identifier={identifier} onDone={() => setEditing(false)} />
          ) : (
            <div className="grid gap-4">
              {profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : profile.isOwner && <p className="text-muted-foreground">No bio yet.</p>}
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
                {profile.location && <Detail icon={<MapPin aria-hidden="true" />}>{profile.location}</Detail>}
                {profile.website && (
                  <Detail icon={<Globe aria-hidden="true" />}>
                    {website ? (
                      <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="underline-offset-2 hover:underline">
                        {profile.website}
                      </a>
                    ) : (
                      profile.website
                    )}
                  </Detail>
                )}
                {profile.twitterHandle && (
                  <Detail icon={<AtSign aria-hidden="true" />}>
                    <a href={`https://x.com/${encodeURIComponent(profile.twitterHandle)}`} target="_blank" rel="noopener noreferrer" className="hover:underline">
                      @{profile.twitterHandle}
                    </a>
                  </Detail>
                )}
                {profile.githubHandle && (
                  <Detail icon={<Code aria-hidden="true" />}>
                    <a href={`https://github.com/${encodeURIComponent(profile.githubHandle)}`} target="_blank" rel="noopener noreferrer" className="hover:underline">
                      {profile.githubHandle}
                    </a>
                  </Detail>
                )}
                <Detail icon={<CalendarDays aria-hidden="true" />}>Joined {joined}</Detail>
              </ul>
              {profile.isOwner && <PrivacySummary isPublic={profile.isPublic} />}
            </div>
          )}
        </CardContent>
      </Card>
      {profile.isOwner && <YourData />}
    </div>
  );
}

const PUBLIC_PROFILE_DESCRIPTION = 'Anyone with the link can see your profile. Your email is never shown to others.';

/** The owner's privacy setting as it stands, read-only; Edit Profile changes it. */
function PrivacySummary({ isPublic }: { isPublic: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-1 rounded-lg border p-4 text-sm">
      <h2 id={headingId} className="font-semibold">
        Privacy
      </h2>
      <p className="inline-flex items-center gap-1.5 font-medium">
        {isPublic ? <Globe className="size-4" aria-hidden="true" /> : <Lock className="size-4" aria-hidden="true" />}
        {isPublic ? 'Public profile' : 'Private profile'}
      </p>
      <p className="text-muted-foreground">{isPublic ? PUBLIC_PROFILE_DESCRIPTION : 'Only you can see your profile. Your email is never shown to others.'}</p>
    </section>
  );
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return <li className="inline-flex items-center gap-1.5 [&_svg]:size-4">{icon}{children}</li>;
}

const TEXT_FIELDS = [
  { key: 'displayName', label: 'Display name' },
  { key: 'location', label: 'Location' },
  { key: 'website', label: 'Website', placeholder: 'example.com' },
  { key: 'twitterHandle', label: 'Twitter handle (without @)' },
  { key: 'githubHandle', label: 'GitHub handle' },
] as const;

/** The form's fields top to bottom: the first refused one takes the focus. */
const FIELD_ORDER: (keyof ProfileEdit)[] = [...TEXT_FIELDS.map((field) => field.key), 'bio'];

/**
 * The server's reason for each refused field, worded for the form: 'website must be an http:// address'
 * shows beside Website as 'Must be an http:// address'.
 */
function fieldReasons(error: unknown): Partial<Record<keyof ProfileEdit, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const reasons: Partial<Record<keyof ProfileEdit, string>> = {};
  for (const [path, message] of Object.entries(error.fieldMessages)) {
    const key = FIELD_ORDER.find((field) => field === path);
    if (!key) continue;
    const reason = message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
    reasons[key] = reason.charAt(0).toUpperCase() + reason.slice(1);
  }
  return reasons;
}

function ProfileForm({ profile, identifier, onDone }: { profile: Profile; identifier: string; onDone: () => void }) {
  const [edit, setEdit] = useState<ProfileEdit>({
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    website: profile.website ?? '',
    twitterHandle: profile.twitterHandle ?? '',
    githubHandle: profile.githubHandle ?? '',
    isPublic: profile.isPublic,
  });
  const update = useUpdateProfile(identifier);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ProfileEdit, string>>>({});
  const fieldId = useId();
  const inputId = (key: keyof ProfileEdit) => `${fieldId}-${key}`;
  const errorId = (key: keyof ProfileEdit) => `${fieldId}-${key}-error`;

  const save = () => {
    setFieldErrors({});
    update.mutate(
      { ...edit, twitterHandle: edit.twitterHandle?.replace(/^@/, '') ?? '' },
      {
        onSuccess: () => {
          toast.success('Profile updated');
          onDone();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          const refused = fieldReasons(error);
          const first = FIELD_ORDER.find((key) => refused[key]);
          if (!first) {
            toast.error(messageOf(error, 'Failed to update profile. Please try again.'));
            return;
          }
          setFieldErrors(refused);
          document.getElementById(inputId(first))?.focus();
        },
      },
    );
  };
  const fieldProps = (key: keyof ProfileEdit) => ({
    id: inputId(key),
    'aria-invalid': fieldErrors[key] ? true : undefined,
    'aria-describedby': fieldErrors[key] ? errorId(key) : undefined,
  });
  const fieldError = (key: keyof ProfileEdit) =>
    fieldErrors[key] && (
      <p id={errorId(key)} className="text-sm text-destructive">
        {fieldErrors[key]}
      </p>
    );

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <div key={field.key} className="grid content-start gap-1.5">
            <Label htmlFor={inputId(field.key)}>{field.label}</Label>
            <Input
              {...fieldProps(field.key)}
              placeholder={'placeholder' in field ? field.placeholder : undefined}
              value={edit[field.key] ?? ''}
              onChange={(event) => setEdit({ ...edit, [field.key]: event.target.value })}
            />
            {fieldError(field.key)}
          </div>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId('bio')}>Bio</Label>
        <Textarea {...fieldProps('bio')} value={edit.bio ?? ''} onChange={(event) => setEdit({ ...edit, bio: event.target.value })} />
        {fieldError('bio')}
      </div>
      <section aria-labelledby={`${fieldId}-privacy`} className="grid gap-2 rounded-lg border p-4">
        <h2 id={`${fieldId}-privacy`} className="font-semibold">
          Privacy
        </h2>
        <SwitchRow
          label="Public profile"
          description={PUBLIC_PROFILE_DESCRIPTION}
          checked={edit.isPublic}
          onCheckedChange={(isPublic) => setEdit({ ...edit, isPublic })}
        />
      </section>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function YourData() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download everything we hold about you, or delete your account for good.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={EXPORT_PATH} download>
            <Download aria-hidden="true" /> Download my data
          </a>
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}

/** Deleting the account asks for the password again (accounts without one need a recent sign-in, said by the server). */
function DeleteAccountDialog() {
  const methods = useSignInMethods();
  const deleteAccount = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const ids = { password: useId(), error: useId() };
  const hasPassword = methods.data?.hasPassword ?? true;

  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const password = hasPassword ? String(new FormData(event.currentTarget).get('password')) : undefined;
    deleteAccount.mutate(password, {
      onSuccess: () => window.location.assign('/'),
      onError: (failure) => {
        if (!handledAsUnauthorized(failure)) setError(messageOf(failure, 'Failed to delete your account. Please try again.'));
      },
    });
  };

  return (
    <Dialog onOpenChange={() => setError(null)}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form className="grid gap-4" onSubmit={remove} aria-describedby={error ? ids.error : undefined}>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your profile, preferences, bookmarks, notes, alerts and watches are deleted permanently. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {hasPassword && (
            <div className="grid gap-1.5">
              <Label htmlFor={ids.password}>Your password</Label>
              <Input id={ids.password} name="password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} required />
            </div>
          )}
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleteAccount.isPending || methods.isPending}>
              {deleteAccount.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
