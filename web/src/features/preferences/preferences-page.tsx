import { Link } from 'wouter';
import { Bell, Mail, Monitor, RefreshCw, RotateCcw, Save } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { EMAIL_KIND_LABELS } from '#common/rules/email.ts';
import {
  EMAIL_FREQUENCIES,
  EMAIL_TYPES,
  MAX_EMAILS_PER_DAY_MAX,
  MAX_EMAILS_PER_DAY_MIN,
  REFRESH_INTERVALS_MINUTES,
  STORIES_PAGE_SIZES,
  type EmailFrequency,
  type EmailType,
} from '#common/rules/limits.ts';
import { clampMinStoryScore, normaliseMaxEmailsPerDay } from '#common/rules/numbers.ts';
import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';
import { STORY_SORT_LABELS, STORY_SORTS } from '#common/rules/sorts.ts';
import { SelectRow, SwitchRow } from '@/components/form-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountSecurity } from './account-security';
import { PrivateFeeds } from './private-feeds';
import { EMAIL_NOT_SENT_YET, emailNotSent, useEmailDelivery } from '@/lib/email-delivery';
import { useDocumentTitle } from '@/lib/document-title';
import { useLeaveWarning } from '@/lib/leave-warning';
import { cn } from '@/lib/utils';
import { DEFAULT_PREFERENCES, useDefaultPreferences, useEmailControls, usePreferences, useSavePreferences, type Preferences } from './api';
import {
  emailStateOf,
  NEWSLETTER_FREQUENCIES,
  QUIET_HOURS_ON,
  type EmailSettings,
  type KindSettings,
  type KindsSettings,
} from './email-controls';
import { HeldEmails } from './held-emails';
import { timeZoneOptions } from './time-zone-options';

const FREQUENCY_LABELS: Readonly<Record<EmailFrequency, string>> = {
  immediate: 'Immediate',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  bi_weekly: 'Every two weeks',
  monthly: 'Monthly',
};

/** The kinds whose frequency and daily cap may differ from the shared settings (watched stories included). */
const KINDS_WITH_OWN_SETTINGS = EMAIL_TYPES.filter((emailType) => emailType !== 'weekly_digest');
const SAME = 'same';
const DAILY_CAPS = [1, 2, 3, 5, 10, 20, 30, 50] as const;

const EMAIL_NOT_SENT_NOTE = 'Your choices are saved, and emails start once the people who run this site set up sending.';

/** Said wherever a person chooses emails while the server sends none. */
function EmailNotSentNote() {
  return (
    <p role="note" data-testid="email-not-sent" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <strong>{EMAIL_NOT_SENT_YET}</strong> {EMAIL_NOT_SENT_NOTE}
    </p>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }));

export function PreferencesPage() {
  useDocumentTitle('Preferences');
  const preferences = usePreferences(true);
  const controls = useEmailControls();

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Preferences</h1>
        <p className="text-muted-foreground">Choose how stories are shown and which emails you receive.</p>
        <p>
          <Link href="/mutes" className="font-medium text-primary underline-offset-4 hover:underline">
            Muted stories
          </Link>{' '}
          <span className="text-muted-foreground">: the words, domains, authors and kinds of story you hide.</span>
        </p>
      </header>
      {preferences.isPending || controls.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading preferences">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : preferences.isError || controls.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
          Failed to load your preferences. Please try again later.
        </p>
      ) : (
        <PreferencesForm initialPreferences={preferences.data} initialEmail={emailStateOf(controls.data)} />
      )}
      <PrivateFeeds />
      <AccountSecurity />
    </div>
  );
}

function PreferencesForm({
  initialPreferences,
  initialEmail,
}: {
  initialPreferences: Preferences;
  initialEmail: { shared: EmailSettings; kinds: KindsSettings };
}) {
  // Edits stay local until Save; `saved` is what the server holds, to tell whether anything is left unsaved.
  const [saved, setSaved] = useState({ preferences: initialPreferences, email: initialEmail.shared, kinds: initialEmail.kinds });
  const [prefs, setPrefs] = useState(initialPreferences);
  const [email, setEmail] = useState(initialEmail.shared);
  const [kinds, setKinds] = useState(initialEmail.kinds);
  const [minScoreText, setMinScoreText] = useState(String(initialPreferences.minStoryScore));
  const [maxEmailsText, setMaxEmailsText] = useState(String(initialEmail.shared.maxEmailsPerDay));
  const save = useSavePreferences();
  const siteDefaults = useDefaultPreferences();
  const ids = { minScore: useId(), maxEmails: useId(), timeZone: useId() };

  const update = (changes: Partial<Preferences>) => setPrefs((current) => ({ ...current, ...changes }));
  // While the server sends no email (SMTP not configured), turning one on says so at once, and the email sections
  // carry the same note: a saved choice must not read as a promise.
  // Asked afresh on each visit: what is held for later changes with the person's choices and the clock.
  const delivery = useEmailDelivery(true, { fresh: true });
  const noEmailSent = emailNotSent(delivery);
  const anyEmailOn = prefs.emailNotifications || prefs.weeklyDigest || prefs.trendingAlerts || prefs.predictionAlerts || kinds.watch_notification.isActive;
  const emailSwitched = (on: boolean) => {
    if (on && noEmailSent) toast.info(EMAIL_NOT_SENT_YET, { id: 'email-not-sent', description: EMAIL_NOT_SENT_NOTE });
  };
  const updateEmailFlag = (changes: Partial<Preferences>) => {
    emailSwitched(Object.values(changes).some((value) => value === true));
    update(changes);
  };
  const updateEmail = (changes: Partial<EmailSettings>) => setEmail((current) => ({ ...current, ...changes }));
  const updateKind = (emailType: EmailType, changes: Partial<KindSettings>) =>
    setKinds((current) => ({ ...current, [emailType]: { ...current[emailType], ...changes } }));
  const quietHoursOn = email.quietHoursStart !== null && email.quietHoursEnd !== null;
  const unsaved =
    !sameValues(prefs, saved.preferences) ||
    !sameValues(email, saved.email) ||
    EMAIL_TYPES.some((emailType) => !sameValues(kinds[emailType], saved.kinds[emailType])) ||
    minScoreText !== String(saved.preferences.minStoryScore) ||
    maxEmailsText !== String(saved.email.maxEmailsPerDay);
  useLeaveWarning(unsaved);

  const commitMinScore = () => {
    const minStoryScore = clampMinStoryScore(minScoreText);
    setMinScoreText(String(minStoryScore));
    update({ minStoryScore });
    return minStoryScore;
  };
  const commitMaxEmails = () => {
    const maxEmailsPerDay = normaliseMaxEmailsPerDay(maxEmailsText);
    setMaxEmailsText(String(maxEmailsPerDay));
    updateEmail({ maxEmailsPerDay });
    return maxEmailsPerDay;
  };

  const discardChanges = () => {
    setPrefs(saved.preferences);
    setEmail(saved.email);
    setKinds(saved.kinds);
    setMinScoreText(String(saved.preferences.minStoryScore));
    setMaxEmailsText(String(saved.email.maxEmailsPerDay));
  };

  const resetToDefaults = () => {
    const defaults = siteDefaults.data ?? DEFAULT_PREFERENCES;
    setPrefs(defaults);
    setMinScoreText(String(defaults.minStoryScore));
  };

  const submit = () => {
    // The number fields may still hold text typed since their last blur.
    const toSave = { preferences: { ...prefs, minStoryScore: commitMinScore() }, email: { ...email, maxEmailsPerDay: commitMaxEmails() }, kinds };
    // The hook tells the outcome (a toast); the page only takes what was saved as its new starting point.
    save.mutate(toSave, { onSuccess: () => setSaved(toSave) });
  };

  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Section icon={<Monitor aria-hidden="true" />} title="Display" description="How the story list looks.">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectRow
            label="Stories per page"
            value={prefs.storiesPerPage}
            options={STORIES_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
            onValueChange={(storiesPerPage) => update({ storiesPerPage })}
          />
          <SelectRow
            label="Default sort"
            value={prefs.defaultSort}
            options={STORY_SORTS.map((sort) => ({ value: sort, label: STORY_SORT_LABELS[sort] }))}
            onValueChange={(defaultSort) => update({ defaultSort })}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={ids.minScore}>Minimum story score</Label>
            <Input
              id={ids.minScore}
              type="number"
              inputMode="numeric"
              min={0}
              max={500}
              value={minScoreText}
              onChange={(event) => setMinScoreText(event.target.value)}
              onBlur={commitMinScore}
              aria-describedby={`${ids.minScore}-hint`}
            />
            <p id={`${ids.minScore}-hint`} className="text-xs text-muted-foreground">
              From 0 to 500.
            </p>
          </div>
        </div>
        <div className="grid gap-2">
          <SwitchRow label="Compact view" description="Show more stories on screen." checked={prefs.compactView} onCheckedChange={(compactView) => update({ compactView })} />
          <SwitchRow label="Show domains" description="Show each story's website." checked={prefs.showDomains} onCheckedChange={(showDomains) => update({ showDomains })} />
          <SwitchRow label="Dark mode" description="Use the dark theme." checked={prefs.darkMode} onCheckedChange={(darkMode) => update({ darkMode })} />
        </div>
      </Section>

      <Section icon={<RefreshCw aria-hidden="true" />} title="Auto-refresh" description="Keep the story list up to date by itself.">
        <SwitchRow label="Auto-refresh stories" checked={prefs.autoRefresh} onCheckedChange={(autoRefresh) => update({ autoRefresh })} />
        {prefs.autoRefresh && (
          <SelectRow
            label="Refresh interval"
            value={prefs.refreshInterval}
            options={REFRESH_INTERVALS_MINUTES.map((minutes) => ({ value: minutes, label: `${minutes} min` }))}
            onValueChange={(refreshInterval) => update({ refreshInterval })}
          />
        )}
      </Section>

      <Section icon={<Bell aria-hidden="true" />} title="Notifications">
        <SwitchRow
          label="Email notifications"
          description="Receive emails when your keyword alerts match."
          checked={prefs.emailNotifications}
          onCheckedChange={(emailNotifications) => updateEmailFlag({ emailNotifications })}
        />
        <SwitchRow
          label="Keyword alerts sound"
          description="Play a sound when a keyword alert is triggered."
          checked={prefs.keywordAlertsSound}
          onCheckedChange={(keywordAlertsSound) => update({ keywordAlertsSound })}
        />
      </Section>

      <Section icon={<Mail aria-hidden="true" />} title="Email settings" description="How often and when emails may reach you.">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectRow
            label="Frequency"
            value={email.frequency}
            options={EMAIL_FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }))}
            onValueChange={(frequency) => updateEmail({ frequency })}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={ids.maxEmails}>Max emails per day</Label>
            <Input
              id={ids.maxEmails}
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              value={maxEmailsText}
              onChange={(event) => setMaxEmailsText(event.target.value)}
              onBlur={commitMaxEmails}
              aria-describedby={`${ids.maxEmails}-hint`}
            />
            <p id={`${ids.maxEmails}-hint`} className="text-xs text-muted-foreground">
              From 1 to 50.
            </p>
          </div>
          {/* The browser's own select: some four hundred zones are too many for the scripted one to render fast. */}
          <div className="grid gap-1.5">
            <Label htmlFor={ids.timeZone}>Time zone</Label>
            <NativeSelect
              id={ids.timeZone}
              value={email.timezone ?? FALLBACK_TIME_ZONE}
              options={timeZoneOptions(email.timezone)}
              onChange={(event) => updateEmail({ timezone: event.target.value })}
              aria-describedby={`${ids.timeZone}-hint`}
            />
            <p id={`${ids.timeZone}-hint`} className="text-xs text-muted-foreground">
              {email.timezone === null
                ? `No time zone saved yet: your email follows ${FALLBACK_TIME_ZONE} until you choose yours.`
                : 'Quiet hours and the Sunday newsletter (at 8 in the morning) follow it.'}
            </p>
          </div>
        </div>
        <SwitchRow
          label="Quiet hours"
          description="No emails during these hours."
          checked={quietHoursOn}
          onCheckedChange={(on) => updateEmail(on ? QUIET_HOURS_ON : { quietHoursStart: null, quietHoursEnd: null })}
        />
        {quietHoursOn && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectRow label="Quiet hours start" value={email.quietHoursStart ?? QUIET_HOURS_ON.quietHoursStart} options={HOURS} onValueChange={(quietHoursStart) => updateEmail({ quietHoursStart })} />
            <SelectRow label="Quiet hours end" value={email.quietHoursEnd ?? QUIET_HOURS_ON.quietHoursEnd} options={HOURS} onValueChange={(quietHoursEnd) => updateEmail({ quietHoursEnd })} />
          </div>
        )}
        <SwitchRow label="Digest mode" description="Bundle emails into one." checked={email.digestMode} onCheckedChange={(digestMode) => updateEmail({ digestMode })} />
        {delivery.data && <HeldEmails held={delivery.data.held} timeZone={delivery.data.timeZone} />}
        <KindSettingsList shared={email} kinds={kinds} onChange={updateKind} />
      </Section>

      <Section icon={<Mail aria-hidden="true" />} title="Email notification types" description="Which emails you receive.">
        {noEmailSent && anyEmailOn && <EmailNotSentNote />}
        <SwitchRow label="Keyword Alerts" description="When a keyword you follow trends." checked={prefs.emailNotifications} onCheckedChange={(emailNotifications) => updateEmailFlag({ emailNotifications })} />
        <SwitchRow label="Weekly Newsletter" description="A Sunday summary of the week's top stories." checked={prefs.weeklyDigest} onCheckedChange={(weeklyDigest) => updateEmailFlag({ weeklyDigest })} />
        <SwitchRow label="Trending Alerts" description="When a story takes off." checked={prefs.trendingAlerts} onCheckedChange={(trendingAlerts) => updateEmailFlag({ trendingAlerts })} />
        <SwitchRow label="Prediction Alerts" description="When a story is predicted to trend." checked={prefs.predictionAlerts} onCheckedChange={(predictionAlerts) => updateEmailFlag({ predictionAlerts })} />
        <SwitchRow
          label="Watched Stories"
          description="When a story you watch changes status."
          checked={kinds.watch_notification.isActive}
          onCheckedChange={(isActive) => {
            emailSwitched(isActive);
            updateKind('watch_notification', { isActive });
          }}
        />
      </Section>

      {/* With unsaved changes the actions stay on screen, stuck to the bottom, whatever part of the form is in view. */}
      <div
        className={cn(
          'flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end',
          unsaved && 'sticky bottom-0 z-10 -mx-2 rounded-t-xl border border-b-0 bg-background/95 p-3 shadow-lg backdrop-blur',
        )}
        data-testid="preferences-actions"
      >
        <p role="status" className={cn('text-sm font-medium sm:mr-auto', !unsaved && 'sr-only')}>
          {unsaved ? 'You have unsaved changes.' : ''}
        </p>
        {unsaved && (
          <Button variant="ghost" onClick={discardChanges}>
            Discard Changes
          </Button>
        )}
        <Button variant="outline" onClick={resetToDefaults}>
          <RotateCcw aria-hidden="true" />
          Reset to Defaults
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Each kind's own frequency and daily cap, folded away: most people keep one set of settings for every kind.
 * The weekly newsletter's frequency is always its own (weekly, every two weeks or monthly).
 */
function KindSettingsList({
  shared,
  kinds,
  onChange,
}: {
  shared: EmailSettings;
  kinds: KindsSettings;
  onChange: (emailType: EmailType, changes: Partial<KindSettings>) => void;
}) {
  const customised = KINDS_WITH_OWN_SETTINGS.filter((emailType) => kinds[emailType].frequency !== null || kinds[emailType].maxEmailsPerDay !== null).length;
  // Open at first when something differs; after that only the person opens or closes it.
  const [openAtFirst] = useState(customised > 0);
  const frequencyOptions = [
    { value: SAME, label: `Same as above (${FREQUENCY_LABELS[shared.frequency]})` },
    ...EMAIL_FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] })),
  ];
  const capOptions = (current: number | null) => {
    const caps = new Set<number>([...DAILY_CAPS, ...(current === null ? [] : [current])]);
    return [
      { value: SAME, label: `Same as above (${shared.maxEmailsPerDay})` },
      ...[...caps].sort((a, b) => a - b).map((cap) => ({ value: String(cap), label: String(cap) })),
    ];
  };
  return (
    <details className="rounded-lg border" open={openAtFirst || undefined}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
        Settings for each email type{customised > 0 ? ` (${customised} customised)` : ''}
      </summary>
      <div className="grid gap-4 border-t p-3">
        <p className="text-sm text-muted-foreground">
          Each kind of email follows the settings above unless you choose otherwise here. Emails a day: from {MAX_EMAILS_PER_DAY_MIN} to{' '}
          {MAX_EMAILS_PER_DAY_MAX}.
        </p>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{EMAIL_KIND_LABELS.weekly_digest}</legend>
          <SelectRow
            label={`${EMAIL_KIND_LABELS.weekly_digest} frequency`}
            value={kinds.weekly_digest.frequency ?? 'weekly'}
            options={NEWSLETTER_FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }))}
            onValueChange={(frequency) => onChange('weekly_digest', { frequency })}
          />
        </fieldset>
        {KINDS_WITH_OWN_SETTINGS.map((emailType) => {
          const kind = kinds[emailType];
          const label = EMAIL_KIND_LABELS[emailType];
          return (
            <fieldset key={emailType} className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-semibold">{label}</legend>
              <SelectRow
                label={`${label} frequency`}
                value={kind.frequency ?? SAME}
                options={frequencyOptions}
                onValueChange={(chosen) => onChange(emailType, { frequency: chosen === SAME ? null : (chosen as EmailFrequency) })}
              />
              <SelectRow
                label={`${label} emails a day`}
                value={kind.maxEmailsPerDay === null ? SAME : String(kind.maxEmailsPerDay)}
                options={capOptions(kind.maxEmailsPerDay)}
                onValueChange={(chosen) => onChange(emailType, { maxEmailsPerDay: chosen === SAME ? null : Number(chosen) })}
              />
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}

/** Both sides are flat records of the same form state: equal when every field is. */
function sameValues<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => Object.is(a[key], b[key]));
}

function Section({ icon, title, description, children }: { icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight [&_svg]:size-5 [&_svg]:text-primary">
          {icon}
          {title}
        </h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
