import { BarChart3, Bell, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { EMAIL_FREQUENCIES, type EmailFrequency } from '#common/rules/limits.ts';
import { SelectRow, SwitchRow } from '@/components/form-rows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { isUnauthorizedError } from '@/lib/api';
import { PRODUCT_NAME } from '@/lib/document-title';
import { browserTimezone, useCompleteOnboarding, type OnboardingChoices } from './api';

const STEPS = 3;

const FREQUENCY_LABELS: Readonly<Record<EmailFrequency, string>> = {
  immediate: 'Immediately',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  bi_weekly: 'Every two weeks',
  monthly: 'Monthly',
};

/** Dialog defaults (part 1 §4): both email options on, consents off, frequency immediate. */
const DEFAULT_CHOICES: Omit<OnboardingChoices, 'timezone'> = {
  emailNotifications: true,
  weeklyDigest: true,
  marketingConsent: false,
  analyticsConsent: false,
  emailFrequency: 'immediate',
};

/**
 * Three steps for a new account: intro, email notifications, privacy consent. It cannot be closed other than
 * by finishing, or by 'Skip Setup' on the first step, which saves every email and consent option off.
 */
export function OnboardingDialog() {
  const [step, setStep] = useState(1);
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  const [timeZone] = useState(browserTimezone);
  const complete = useCompleteOnboarding();
  const update = (changes: Partial<OnboardingChoices>) => setChoices((current) => ({ ...current, ...changes }));

  const save = (toSave: Omit<OnboardingChoices, 'timezone'>) =>
    complete.mutate(
      { ...toSave, ...(timeZone ? { timezone: timeZone } : {}) },
      {
        onSuccess: () => toast.success(`Welcome to ${PRODUCT_NAME}!`),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error('Failed to save preferences. Please try again.');
        },
      },
    );

  const skip = () =>
    save({ emailNotifications: false, weeklyDigest: false, marketingConsent: false, analyticsConsent: false, emailFrequency: choices.emailFrequency });

  const blockClose = (event: Event) => event.preventDefault();
  // The first focus goes to the way forward (Continue), not to Skip Setup, the first button in the tab order.
  const primaryButton = useRef<HTMLButtonElement>(null);
  const focusPrimary = (event: Event) => {
    event.preventDefault();
    primaryButton.current?.focus();
  };

  // Nothing opened the dialog, so Radix would give focus back to the page's body: the page's content takes it.
  const focusPage = (event: Event) => {
    event.preventDefault();
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <Dialog open>
      <DialogContent
        showClose={false}
        onOpenAutoFocus={focusPrimary}
        onCloseAutoFocus={focusPage}
        onEscapeKeyDown={blockClose}
        onPointerDownOutside={blockClose}
        onInteractOutside={blockClose}
      >
        <p className="text-xs font-medium text-muted-foreground">
          Step {step} of {STEPS}
        </p>
        {step === 1 && (
          <DialogHeader>
            <BarChart3 className="size-8 text-primary" aria-hidden="true" />
            <DialogTitle>Welcome to {PRODUCT_NAME}</DialogTitle>
            <DialogDescription>
              Follow what is trending on Hacker News minute by minute: see which stories gain points fastest, set keyword alerts
              and bookmark what matters. Two quick questions and you are set.
            </DialogDescription>
          </DialogHeader>
        )}
        {step === 2 && (
          <>
            <DialogHeader>
              <Bell className="size-8 text-primary" aria-hidden="true" />
              <DialogTitle>Email notifications</DialogTitle>
              <DialogDescription>Choose the emails you would like. You can change this any time in Preferences.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-3">
              <SwitchRow
                label="Keyword alert emails"
                description="When a keyword you follow starts trending."
                checked={choices.emailNotifications}
                onCheckedChange={(emailNotifications) => update({ emailNotifications })}
              />
              <SwitchRow
                label="Weekly digest"
                description="A Sunday summary of the week's top stories."
                checked={choices.weeklyDigest}
                onCheckedChange={(weeklyDigest) => update({ weeklyDigest })}
              />
              {(choices.emailNotifications || choices.weeklyDigest) && (
                <SelectRow
                  label="Email frequency"
                  value={choices.emailFrequency}
                  options={EMAIL_FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }))}
                  onValueChange={(emailFrequency) => update({ emailFrequency })}
                />
              )}
              <p data-testid="onboarding-time-zone" className="text-sm text-muted-foreground">
                {timeZone ? (
                  <>
                    Your time zone is <strong className="text-foreground">{timeZone}</strong> (from this browser): quiet hours and the Sunday
                    newsletter, at 8 in the morning, follow it. You can change it in Preferences.
                  </>
                ) : (
                  <>This browser does not tell its time zone: your email follows UTC until you choose yours in Preferences.</>
                )}
              </p>
            </div>
          </>
        )}
        {step === 3 && (
          <>
            <DialogHeader>
              <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
              <DialogTitle>Your privacy</DialogTitle>
              <DialogDescription>Both are off unless you turn them on.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-3">
              <SwitchRow
                label="Product news"
                description="Occasional emails about new features."
                checked={choices.marketingConsent}
                onCheckedChange={(marketingConsent) => update({ marketingConsent })}
              />
              <SwitchRow
                label="Usage analytics"
                description="Help us improve by sharing anonymous usage data."
                checked={choices.analyticsConsent}
                onCheckedChange={(analyticsConsent) => update({ analyticsConsent })}
              />
            </div>
          </>
        )}
        <DialogFooter>
          {step === 1 && (
            <Button variant="ghost" onClick={skip} disabled={complete.isPending}>
              Skip Setup
            </Button>
          )}
          {step > 1 && (
            <Button variant="outline" onClick={() => setStep(step - 1)} disabled={complete.isPending}>
              Back
            </Button>
          )}
          {step < STEPS ? (
            <Button ref={primaryButton} onClick={() => setStep(step + 1)}>
              Continue
            </Button>
          ) : (
            <Button onClick={() => save(choices)} disabled={complete.isPending}>
              {complete.isPending ? 'Saving...' : 'Complete Setup'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
