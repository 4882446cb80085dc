import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { messageOf } from '@/lib/api';
import { PRODUCT_NAME, useDocumentTitle } from '@/lib/document-title';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/rules/password.ts';
import { PASSWORD_HINT, safeReturnTo, useAuthProviders, useEmailSignIn, useEmailSignUp, useProviderSignIn } from '@/lib/auth-api';


/** `?tab=sign-up` opens the page on Sign Up (the newcomers' calls to action); anything else on Sign In. */
export function initialTab(search: string): 'sign-in' | 'sign-up' {
  return new URLSearchParams(search).get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
}

export function SignInPage() {
  useDocumentTitle('Sign In');
  const providers = useAuthProviders();
  const returnTo = safeReturnTo(window.location.search);
  // A full page load afterwards, so every part of the app starts from the new session.
  const finish = () => window.location.assign(returnTo);

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 py-8">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>Sign in or create a free account to follow what is trending.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {providers.isPending ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading sign-in options">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : providers.isError ? (
            <p role="alert" className="text-center text-sm text-destructive">
              Sign-in is unavailable right now. Please try again in a moment.
            </p>
          ) : (
            <>
              {providers.data.providers.length > 0 && <ProviderButtons providers={providers.data.providers} returnTo={returnTo} />}
              {providers.data.localAccounts && providers.data.providers.length > 0 && (
                <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
                  <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
                </div>
              )}
              {providers.data.localAccounts && <LocalAccountForms onSignedIn={finish} />}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ProviderButtons({ providers, returnTo }: { providers: { id: string; name: string }[]; returnTo: string }) {
  const signIn = useProviderSignIn();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          disabled={signIn.isPending}
          onClick={() =>
            signIn.mutate(
              { providerId: provider.id, callbackURL: returnTo },
              {
                onSuccess: (url) => window.location.assign(url),
                onError: (failure) => setError(messageOf(failure, `Could not sign in with ${provider.name}. Please try again.`)),
              },
            )
          }
        >
          <KeyRound aria-hidden="true" />
          Continue with {provider.name}
        </Button>
      ))}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function LocalAccountForms({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useEmailSignIn();
  const signUp = useEmailSignUp();
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), name: useId(), newEmail: useId(), newPassword: useId(), error: useId() };

  const submitSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    signIn.mutate(
      { email: String(form.get('email')), password: String(form.get('password')) },
      { onSuccess: onSignedIn, onError: (failure) => setError(messageOf(failure, 'Could not sign in. Please try again.')) },
    );
  };

  const submitSignUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    signUp.mutate(
      { name: String(form.get('name')).trim(), email: String(form.get('email')), password: String(form.get('password')) },
      { onSuccess: onSignedIn, onError: (failure) => setError(messageOf(failure, 'Could not create your account. Please try again.')) },
    );
  };

  const errorMessage = error && (
    <p id={ids.error} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  );

  return (
    <Tabs defaultValue={initialTab(window.location.search)} onValueChange={() => setError(null)}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="sign-in">Sign In</TabsTrigger>
        <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <form className="grid gap-4" onSubmit={submitSignIn} aria-describedby={error ? ids.error : undefined}>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.email}>Email</Label>
            <Input id={ids.email} name="email" type="email" autoComplete="email" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.password}>Password</Label>
            <Input id={ids.password} name="password" type="password" autoComplete="current-password" required />
          </div>
          {errorMessage}
          <Button type="submit" disabled={signIn.isPending}>
            <LogIn aria-hidden="true" />
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </TabsContent>
      <TabsContent value="sign-up">
        <form className="grid gap-4" onSubmit={submitSignUp} aria-describedby={error ? ids.error : undefined}>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.name}>Name</Label>
            <Input id={ids.name} name="name" autoComplete="name" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.newEmail}>Email</Label>
            <Input id={ids.newEmail} name="email" type="email" autoComplete="email" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.newPassword}>Password</Label>
            <Input
              id={ids.newPassword}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              required
              aria-describedby={`${ids.newPassword}-hint`}
            />
            <p id={`${ids.newPassword}-hint`} className="text-xs text-muted-foreground">
              {PASSWORD_HINT}
            </p>
          </div>
          {errorMessage}
          <Button type="submit" disabled={signUp.isPending}>
            <UserPlus aria-hidden="true" />
            {signUp.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        </form>
      </TabsContent>
    </Tabs>
  );
}
