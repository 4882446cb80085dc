import type { HeldEmail } from '#common/contracts/email.ts';
import { emailKindLabel } from '#common/rules/email.ts';
import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';

/**
 * The person's email waiting for later, held by their quiet hours or until the newsletter's Sunday morning, each
 * with the time it goes on their own clock. Saving new quiet hours or a new time zone plans them again.
 */
export function HeldEmails({ held, timeZone }: { held: HeldEmail[]; timeZone: string | null }) {
  if (held.length === 0) return null;
  return (
    <section aria-label="Emails held for later" data-testid="held-emails" className="grid gap-1 rounded-md border p-3 text-sm">
      <p className="font-medium">{held.length === 1 ? 'One email is held for later' : `${held.length} emails are held for later`}</p>
      <ul className="grid gap-0.5">
        {held.map((email) => (
          <li key={`${email.sendAfter} ${email.kind} ${email.subject}`}>
            <span className="font-medium">{emailKindLabel(email.kind)}</span>: {email.subject}, held until {email.until}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Times in {timeZone ?? `${FALLBACK_TIME_ZONE} (no time zone saved)`}. Changing your quiet hours or time zone moves them.
      </p>
    </section>
  );
}
