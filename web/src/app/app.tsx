import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { SignInPage } from '@/features/auth/sign-in-page';
import { AboutPage } from '@/features/info/about-page';
import { ContactPage } from '@/features/info/contact-page';
import { PrivacyPage } from '@/features/info/privacy-page';
import { TermsPage } from '@/features/info/terms-page';
import { useMaintenanceStatus } from '@/features/maintenance/api';
import { MaintenancePage } from '@/features/maintenance/maintenance-page';
import { usePreferences } from '@/features/preferences/api';
import { PreferencesPage } from '@/features/preferences/preferences-page';
import { ProfilePage } from '@/features/profile/profile-page';
import { loginUrl } from '@/lib/api';
import { useCurrentUser, type CurrentUser } from '@/lib/session';
import { setTheme } from '@/lib/theme';
import { HomeRoute } from './home';
import { SiteFooter } from './layout/site-footer';
import { TopNav } from './layout/top-nav';
import { VisitorHeader } from './layout/visitor-header';
import { NotFoundPage } from './not-found-page';
import { ROUTES } from './route-paths';

export function App() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const maintenance = useMaintenanceStatus();
  useDarkModePreference(user);

  if (userLoading || maintenance.isLoading) return <LoadingScreen />;
  if (maintenance.maintenanceMode && user?.role !== 'admin') return <MaintenancePage />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      {user ? <TopNav user={user} /> : <VisitorHeader />}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Routes user={user} />
      </main>
      <SiteFooter />
    </div>
  );
}

function Routes({ user }: { user: CurrentUser | null }) {
  return (
    <Switch>
      <Route path={ROUTES.home}>
        <HomeRoute user={user} />
      </Route>
      <Route path={ROUTES.signIn}>{user ? <Redirect to="/" /> : <SignInPage />}</Route>
      <Route path={ROUTES.about} component={AboutPage} />
      <Route path={ROUTES.contact} component={ContactPage} />
      <Route path={ROUTES.privacy} component={PrivacyPage} />
      <Route path={ROUTES.terms} component={TermsPage} />
      <Route path={ROUTES.preferences}>
        <SignedInOnly user={user}>
          <PreferencesPage />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.profile}>
        <SignedInOnly user={user}>{user && <ProfilePage identifier={user.id} />}</SignedInOnly>
      </Route>
      <Route path={ROUTES.publicProfile}>
        <PublicProfileRoute />
      </Route>
      {/* The route table's other pages (keywords, bookmarks, admin, ...) come in later issues. */}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function PublicProfileRoute() {
  const { identifier } = useParams<{ identifier: string }>();
  return <ProfilePage key={identifier} identifier={identifier} />;
}

/** Pages for signed-in people send visitors to sign in, coming back here afterwards. */
function SignedInOnly({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const [location] = useLocation();
  useEffect(() => {
    if (!user) window.location.assign(loginUrl(location));
  }, [user, location]);
  return user ? children : <LoadingScreen />;
}

/** Spec part 2 §2.8: once preferences load (and whenever they change), darkMode sets the theme. */
function useDarkModePreference(user: CurrentUser | null) {
  const preferences = usePreferences(user !== null);
  const darkMode = preferences.data?.darkMode;
  useEffect(() => {
    if (darkMode !== undefined) setTheme(darkMode ? 'dark' : 'light');
  }, [darkMode]);
}
