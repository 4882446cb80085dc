import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import { AppStatusBar } from '@/components/app-status-bar';
import { LoadingScreen } from '@/components/loading-screen';
import { IconSprite } from '@/components/sprite-icon';
import { useMaintenanceStatus } from '@/features/maintenance/api';
import { MaintenancePage } from '@/features/maintenance/maintenance-page';
import { MaintenanceAdminBanner } from '@/features/maintenance/admin-banner';
import { usePreferences } from '@/features/preferences/api';
import { handleUnauthorized, loginUrl } from '@/lib/api';
import { checkCachedAccount } from '@/lib/offline-data';
import { useCurrentUser, type CurrentUser } from '@/lib/session';
import { setTheme, themeIsSettled } from '@/lib/theme';
import { HomeRoute } from './home';
import { lazyPage } from './lazy-page';
import { StoryRoute, TopNav } from './signed-in-frame';
import { SiteFooter } from './layout/site-footer';
import { VisitorHeader } from './layout/visitor-header';
import { NotFoundPage } from './not-found-page';
import { PageReady, PartRunning } from './page-ready';
import { ROUTES } from './route-paths';


// Pages are loaded on first visit, so the landing page and the story list download less.
const SignInPage = lazyPage(async () => (await import('@/features/auth/sign-in-page')).SignInPage);
const AboutPage = lazyPage(async () => (await import('@/features/info/about-page')).AboutPage);
const ContactPage = lazyPage(async () => (await import('@/features/info/contact-page')).ContactPage);
const PrivacyPage = lazyPage(async () => (await import('@/features/info/privacy-page')).PrivacyPage);
const TermsPage = lazyPage(async () => (await import('@/features/info/terms-page')).TermsPage);
const FeedsPage = lazyPage(async () => (await import('@/features/info/feeds-page')).FeedsPage);
const PreferencesPage = lazyPage(async () => (await import('@/features/preferences/preferences-page')).PreferencesPage);
const MutesPage = lazyPage(async () => (await import('@/features/mutes/mutes-page')).MutesPage);
const ProfilePage = lazyPage(async () => (await import('@/features/profile/profile-page')).ProfilePage);
const ForYouRoute = lazyPage(async () => (await import('./for-you-route')).ForYouRoute);
const CollectionsPage = lazyPage(async () => (await import('@/features/collections/collections-page')).CollectionsPage);
const CollectionPage = lazyPage(async () => (await import('@/features/collections/collection-page')).CollectionPage);
const SharedCollectionPage = lazyPage(async () => (await import('@/features/collections/shared-collection-page')).SharedCollectionPage);
const BookmarksRoute = lazyPage(async () => (await import('./bookmarks-route')).BookmarksRoute);
const SearchRoute = lazyPage(async () => (await import('./search-route')).SearchRoute);
const WatchedStoriesPage = lazyPage(async () => (await import('@/features/watched-stories/watched-stories-page')).WatchedStoriesPage);
const PredictionsRoute = lazyPage(async () => (await import('./predictions-route')).PredictionsRoute);
const KeywordsPage = lazyPage(async () => (await import('@/features/keywords/keywords-page')).KeywordsPage);
const UnsubscribePage = lazyPage(async () => (await import('@/features/unsubscribe/unsubscribe-page')).UnsubscribePage);
const AdminSharedLinksPage = lazyPage(async () => (await import('@/features/admin-analytics/shared-links-page')).AdminSharedLinksPage);
const AdminAnalyticsPage = lazyPage(async () => (await import('@/features/admin-analytics/analytics-page')).AdminAnalyticsPage);
const AdminMaintenancePage = lazyPage(async () => (await import('@/features/admin-maintenance/maintenance-page')).AdminMaintenancePage);
const AdminEmailPage = lazyPage(async () => (await import('@/features/admin-email/email-page')).AdminEmailPage);
const AdminNewsletterPage = lazyPage(async () => (await import('@/features/admin-email/newsletter-page')).AdminNewsletterPage);
const SharedStoryPage = lazyPage(async () => (await import('@/features/shared-story/shared-story-page')).SharedStoryPage);
const AdminDashboardPage = lazyPage(async () => (await import('@/features/admin/dashboard-page')).AdminDashboardPage);
const AdminUsersPage = lazyPage(async () => (await import('@/features/admin/users-page')).AdminUsersPage);
const AdminLogsPage = lazyPage(async () => (await import('@/features/admin/logs-page')).AdminLogsPage);
const AdminContentPage = lazyPage(async () => (await import('@/features/admin/content-page')).AdminContentPage);
const AdminSettingsPage = lazyPage(async () => (await import('@/features/admin/settings-page')).AdminSettingsPage);
const AdminSearchPage = lazyPage(async () => (await import('@/features/admin/search-page')).AdminSearchPage);
const AdminContactPage = lazyPage(async () => (await import('@/features/admin/contact-page')).AdminContactPage);
const PerformanceMonitorGate = lazy(async () => ({ default: (await import('@/features/admin/performance-monitor-gate')).PerformanceMonitorGate }));

/** The admin pages of this part (each checks its own level, spec part 2 §6); the rest of the route table comes later. */
const ADMIN_PAGES = [
  [ROUTES.admin, AdminDashboardPage],
  [ROUTES.adminUsers, AdminUsersPage],
  [ROUTES.adminLogs, AdminLogsPage],
  [ROUTES.adminContent, AdminContentPage],
  [ROUTES.adminSettings, AdminSettingsPage],
  [ROUTES.adminSearch, AdminSearchPage],
  [ROUTES.adminContact, AdminContactPage],
  [ROUTES.adminEmail, AdminEmailPage],
  [ROUTES.adminNewsletter, AdminNewsletterPage],
  [ROUTES.adminMaintenance, AdminMaintenancePage],
  [ROUTES.adminAnalytics, AdminAnalyticsPage],
  [ROUTES.adminSharedLinksAnalytics, AdminSharedLinksPage],
] as const;

export interface AppProps {
  /**
   * The server sent the landing page already rendered (web/src/prerender.tsx), which it does for visitors
   * without a session when the site is not in maintenance. The app then shows the visitor's page while the
   * user and maintenance checks run, instead of 'Loading...', so hydration finds the markup it expects.
   */
  prerenderedForVisitor?: boolean;
  /** Called once every part of the page runs (see page-ready.tsx): its buttons and fields then do what they say. */
  onReady?: () => void;
}

/** The parts of the page that hydrate on their own: the navigation of someone signed in, and the page under it. */
const SIGNED_IN_PARTS = ['navigation', 'page'] as const;
const PAGE_ONLY = ['page'] as const;

export function App({ prerenderedForVisitor = false, onReady }: AppProps) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const maintenance = useMaintenanceStatus();
  const [location] = useLocation();
  useDarkModePreference(user);
  // The service worker's caches hold one person's data: another account's (or a visitor's) first empties them.
  const userId = userLoading ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (userId !== undefined) checkCachedAccount(userId);
  }, [userId]);

  // Once the checks are done, the page behind them (for someone signed in: navigation, filters, a list of cards) is
  // rendered as a deferred update: React builds it in short slices, keeping 'Loading...' up meanwhile, instead of
  // holding the main thread for the whole page at once.
  const checking = useDeferredValue((userLoading || maintenance.isLoading) && !prerenderedForVisitor);
  if (checking) return <LoadingScreen />;
  // The sign-in page stays reachable to someone signed out, so that an admin can come in through "Admin Login".
  const signingIn = !user && location === ROUTES.signIn;
  if (maintenance.maintenanceMode && user?.role !== 'admin' && !signingIn) {
    return (
      <PageReady parts={PAGE_ONLY} onReady={onReady}>
        <MaintenancePage />
        <PartRunning part="page" />
      </PageReady>
    );
  }

  return (
    <PageReady parts={user ? SIGNED_IN_PARTS : PAGE_ONLY} onReady={onReady}>
      <div className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to content
        </a>
        {maintenance.maintenanceMode && user?.role === 'admin' && <MaintenanceAdminBanner settingsPath={ROUTES.adminSettings} />}
        {user ? (
          <Suspense fallback={<div className="sticky top-0 z-40 h-16 border-b bg-background/90" aria-hidden="true" />}>
            <TopNav user={user} />
            <PartRunning part="navigation" />
          </Suspense>
        ) : (
          <VisitorHeader />
        )}
        <AppStatusBar />
        <main id="main" tabIndex={-1} className="focus-visible:outline-none mx-auto w-full max-w-7xl flex-1 px-3 pt-2 pb-3 sm:px-6 sm:py-3">
          <Suspense fallback={<LoadingScreen />}>
            <Routes user={user} />
            <PartRunning part="page" />
          </Suspense>
        </main>
        <SiteFooter />
        {user?.role === 'admin' && (
          <Suspense fallback={null}>
            <PerformanceMonitorGate />
          </Suspense>
        )}
        <IconSprite />
      </div>
    </PageReady>
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
      <Route path={ROUTES.feeds} component={FeedsPage} />
      <Route path={ROUTES.preferences}>
        <SignedInOnly user={user}>
          <PreferencesPage />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.mutes}>
        <SignedInOnly user={user}>
          <MutesPage />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.profile}>
        <SignedInOnly user={user}>{user && <ProfilePage identifier={user.id} />}</SignedInOnly>
      </Route>
      <Route path={ROUTES.publicProfile}>
        <PublicProfileRoute />
      </Route>
      <Route path={ROUTES.bookmarks}>
        <SignedInOnly user={user}>
          <BookmarksRoute />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.forYou}>
        <SignedInOnly user={user}>
          <ForYouRoute />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.collections}>
        <SignedInOnly user={user}>
          <CollectionsPage />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.collection}>
        {(params: { id?: string }) => (
          <SignedInOnly user={user}>
            <CollectionRoute key={params.id} id={params.id} />
          </SignedInOnly>
        )}
      </Route>
      <Route path={ROUTES.sharedCollection}>{(params: { token?: string }) => <SharedCollectionPage key={params.token} token={params.token ?? ''} />}</Route>
      <Route path={ROUTES.watchedStories}>
        <SignedInOnly user={user}>
          <WatchedStoriesPage />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.keywords}>{user ? <KeywordsPage /> : <LoginRequired />}</Route>
      <Route path={ROUTES.predictions}>
        <SignedInOnly user={user}>
          <PredictionsRoute />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.search}>
        <SignedInOnly user={user}>
          <SearchRoute />
        </SignedInOnly>
      </Route>
      <Route path={ROUTES.share}>{(params: { shareToken?: string }) => <SharedStoryPage key={params.shareToken} shareToken={params.shareToken} />}</Route>
      <Route path={ROUTES.sharedStory}>
        {(params: { shareToken?: string }) => <SharedStoryPage key={params.shareToken} shareToken={params.shareToken} />}
      </Route>
      <Route path={ROUTES.story}>{(params: { id?: string }) => <StoryRoute key={params.id} id={params.id} signedIn={user !== null} />}</Route>
      <Route path={ROUTES.unsubscribe}>{(params: { token?: string }) => <UnsubscribePage key={params.token} token={params.token} />}</Route>
      {ADMIN_PAGES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <SignedInOnly user={user}>
            <Page />
          </SignedInOnly>
        </Route>
      ))}
      {/* The route table's other pages (the rest of the admin area) come in later issues. */}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** /collections/:id with a number for an id; anything else is the 404 page. */
function CollectionRoute({ id }: { id: string | undefined }) {
  return id && /^\d{1,9}$/.test(id) ? <CollectionPage id={Number(id)} /> : <NotFoundPage />;
}

function PublicProfileRoute() {
  const { identifier } = useParams<{ identifier: string }>();
  return <ProfilePage key={identifier} identifier={identifier} />;
}

/** Pages for signed-in people send visitors to sign in, coming back here afterwards (query string included). */
function SignedInOnly({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!user) window.location.assign(loginUrl(search ? `${location}?${search}` : location));
  }, [user, location, search]);
  return user ? children : <LoadingScreen />;
}

/** Spec part 1 §2 (/keywords): login required, otherwise a toast and a redirect to the login path. */
function LoginRequired() {
  useEffect(() => handleUnauthorized(), []);
  return <LoadingScreen />;
}

/** Spec part 2 §2.8: once preferences load (and whenever they change), darkMode sets the theme. */
function useDarkModePreference(user: CurrentUser | null) {
  const preferences = usePreferences(user !== null);
  const darkMode = preferences.data?.darkMode;
  useEffect(() => {
    if (darkMode === undefined) return;
    const theme = darkMode ? 'dark' : 'light';
    // Already applied and stored (the usual case on load): storing it again would only cost a synchronous write.
    if (!themeIsSettled(theme)) setTheme(theme);
  }, [darkMode]);
}
