import { KeyRound, LogOut } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/rules/password.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { handledAsUnauthorized, messageOf } from '@/lib/api';
import { PASSWORD_HINT, useChangePassword, useSignInMethods, useSignOutEverywhere } from '@/lib/auth-api';

/** Password change and "sign out everywhere", for the signed-in person's own account. */
export function AccountSecurity() {
  const methods = useSignInMethods();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold leading-tight [&_svg]:size-5 [&_svg]:text-primary">
          <KeyRound aria-hidden="true" />
          Sign-in and security
        </h2>
        <CardDescription>Change your password, or sign out on every device.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {methods.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading sign-in methods" />
        ) : methods.data?.hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-sm text-muted-foreground">You sign in with an external provider, so there is no password to change here.</p>
        )}
        <SignOutEverywhere />
      </CardContent>
    </Card>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const ids = { current: useId(), next: useId(), hint: useId(), error: useId() };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    change.mutate(
      { currentPassword: String(data.get('currentPassword')), newPassword: String(data.get('newPassword')) },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Password changed', { description: 'Your other devices have been signed out.' });
        },
        onError: (failure) => {
          if (!handledAsUnauthorized(failure)) setError(messageOf(failure, 'Could not change your password. Please try again.'));
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} aria-label="Change password" aria-describedby={error ? ids.error : undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.current}>Current password</Label>
          <Input id={ids.current} name="currentPassword" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} required />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.next}>New password</Label>
          <Input
            id={ids.next}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            required
            aria-describedby={ids.hint}
          />
          <p id={ids.hint} className="text-xs text-muted-foreground">
            {PASSWORD_HINT} Your other devices are signed out.
          </p>
        </div>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const run = () =>
    signOut.mutate(undefined, {
      // Every session is gone, this one included: start again from the landing page.
      onSuccess: () => window.location.assign('/'),
      onError: (failure) => {
        if (!handledAsUnauthorized(failure)) toast.error(messageOf(failure, 'Could not sign you out everywhere. Please try again.'));
      },
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
      <p className="text-sm text-muted-foreground">Signed in somewhere you no longer use? End every session, this one too.</p>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline">
            <LogOut aria-hidden="true" /> Sign out everywhere
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sign out everywhere?</DialogTitle>
            <DialogDescription>Every device signed in to your account is signed out, this one included.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={run} disabled={signOut.isPending}>
              {signOut.isPending ? 'Signing out...' : 'Sign out everywhere'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
