import { z } from 'zod';
import {
  EMAIL_FREQUENCIES,
  EMAIL_TYPES,
  MAX_EMAILS_PER_DAY_DEFAULT,
  MAX_EMAILS_PER_DAY_MAX,
  MAX_EMAILS_PER_DAY_MIN,
  MIN_STORY_SCORE_MAX,
  REFRESH_INTERVALS_MINUTES,
  STORIES_PAGE_SIZES,
} from '../rules/limits.ts';
import { canonicalTimeZone, TIME_ZONE_MAX_LENGTH } from '../rules/time-zones.ts';
import { withWebsiteScheme } from '../rules/links.ts';
import { PASSWORD_MAX_LENGTH } from '../rules/password.ts';
import { isSafeReturnPath } from '../rules/return-path.ts';
import { STORY_SORTS } from '../rules/sorts.ts';
import { jsonValue, text } from './fields.ts';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  onboardingCompleted: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const providersResponseSchema = z.object({
  localAccounts: z.boolean(),
  providers: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['social', 'oidc']) })),
});

export const loginQuerySchema = z.object({
  returnTo: text('returnTo', 2000, { trim: false }).optional(),
  /** The sign-in page's choice of provider. */
  provider: text('provider', 40).optional(),
});

const oneOf = <T extends number>(name: string, values: readonly T[]) =>
  z
    .number({ error: `${name} must be a number` })
    .refine((value) => values.includes(value as T), `${name} must be one of ${values.join(', ')}`);

/** Every preference of spec part 2 §3 with its rule; the stored document always has all of them. */
export const preferencesSchema = z.object({
  storiesPerPage: oneOf('storiesPerPage', STORIES_PAGE_SIZES),
  defaultSort: z.enum(STORY_SORTS, { error: `defaultSort must be one of ${STORY_SORTS.join(', ')}` }),
  minStoryScore: z
    .number({ error: 'minStoryScore must be a number' })
    .int('minStoryScore must be a whole number')
    .min(0, 'minStoryScore must be at least 0')
    .max(MIN_STORY_SCORE_MAX, `minStoryScore must be at most ${MIN_STORY_SCORE_MAX}`),
  compactView: z.boolean(),
  showDomains: z.boolean(),
  darkMode: z.boolean(),
  autoRefresh: z.boolean(),
  refreshInterval: oneOf('refreshInterval', REFRESH_INTERVALS_MINUTES),
  emailNotifications: z.boolean(),
  keywordAlertsSound: z.boolean(),
  weeklyDigest: z.boolean(),
  trendingAlerts: z.boolean(),
  predictionAlerts: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export { DEFAULT_PREFERENCES } from '../rules/preferences.ts';

/** A PATCH carries any subset of the preferences; unknown fields are refused rather than silently dropped. */
export const preferencesPatchSchema = preferencesSchema.partial().strict();
/** The person's preferences, and the defaults in force on this site (what Reset to Defaults restores). */
export const preferencesResponseSchema = z.object({ preferences: preferencesSchema, defaults: preferencesSchema });

const hour = (name: string) =>
  z.number({ error: `${name} must be an hour from 0 to 23 or null` }).int(`${name} must be a whole hour`).min(0, `${name} must be at least 0`).max(23, `${name} must be at most 23`).nullable();

export const emailControlSchema = z.object({
  emailType: z.enum(EMAIL_TYPES),
  frequency: z.enum(EMAIL_FREQUENCIES),
  maxEmailsPerDay: z.number().int(),
  digestMode: z.boolean(),
  quietHoursStart: z.number().int().nullable(),
  quietHoursEnd: z.number().int().nullable(),
  /** The person's time zone (one for every kind); null while none is saved, when email follows UTC. */
  timezone: z.string().nullable(),
  lastEmailSent: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EmailControl = z.infer<typeof emailControlSchema>;

export const DEFAULT_EMAIL_CONTROL = {
  frequency: 'immediate',
  maxEmailsPerDay: MAX_EMAILS_PER_DAY_DEFAULT,
  digestMode: false,
  quietHoursStart: 22,
  quietHoursEnd: 8,
  isActive: true,
} as const;

/** A time zone's IANA name (the browser's at onboarding, or one chosen in preferences), as the database spells it. */
const timeZone = (name: string) =>
  text(name, TIME_ZONE_MAX_LENGTH, { min: 1 }).transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      context.addIssue({ code: 'custom', message: `${name} must be a time zone name such as Europe/Berlin or America/New_York, not '${value}'` });
      return z.NEVER;
    }
    return zone;
  });

/** The longest JSON a server-kept field the client sends back may be (an id, a timestamp). */
const SERVER_KEPT_FIELD_MAX = 100;

/** The client sends the whole control back; server-kept fields are accepted and ignored (spec part 2 §3). */
export const emailControlPatchSchema = z
  .object({
    frequency: z.enum(EMAIL_FREQUENCIES, { error: `frequency must be one of ${EMAIL_FREQUENCIES.join(', ')}` }),
    maxEmailsPerDay: z
      .number({ error: 'maxEmailsPerDay must be a number' })
      .int('maxEmailsPerDay must be a whole number')
      .min(MAX_EMAILS_PER_DAY_MIN, `maxEmailsPerDay must be at least ${MAX_EMAILS_PER_DAY_MIN}`)
      .max(MAX_EMAILS_PER_DAY_MAX, `maxEmailsPerDay must be at most ${MAX_EMAILS_PER_DAY_MAX}`),
    digestMode: z.boolean({ error: 'digestMode must be true or false' }),
    quietHoursStart: hour('quietHoursStart'),
    quietHoursEnd: hour('quietHoursEnd'),
    timezone: timeZone('timezone'),
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    // Ignored, but held to the text rules as everything else a route takes.
    emailType: text('emailType', 100),
    id: jsonValue('id', SERVER_KEPT_FIELD_MAX),
    userId: jsonValue('userId', SERVER_KEPT_FIELD_MAX),
    createdAt: jsonValue('createdAt', SERVER_KEPT_FIELD_MAX),
    updatedAt: jsonValue('updatedAt', SERVER_KEPT_FIELD_MAX),
    lastEmailSent: jsonValue('lastEmailSent', SERVER_KEPT_FIELD_MAX),
  })
  .partial()
  .strict()
  .refine(
    (body) => (body.quietHoursStart === undefined) === (body.quietHoursEnd === undefined) && (body.quietHoursStart === null) === (body.quietHoursEnd === null),
    { message: 'quietHoursStart and quietHoursEnd must both be hours or both be null', path: ['quietHoursStart'] },
  );
export const emailTypeParamsSchema = z.object({ emailType: text('emailType', 100) });

export const onboardingSchema = z
  .object({
    emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
    weeklyDigest: z.boolean({ error: 'weeklyDigest must be true or false' }),
    marketingConsent: z.boolean().default(false),
    analyticsConsent: z.boolean().default(false),
    emailFrequency: z.enum(EMAIL_FREQUENCIES).default('immediate'),
    // The browser's zone; left out when the browser tells none (email then follows UTC until one is chosen).
    timezone: timeZone('timezone').optional(),
  })
  .strict();

/** Profile limits (the spec sets none; these keep pages readable and rows small). */
export const PROFILE_LIMITS = { displayName: 60, bio: 500, location: 80, website: 200, handle: 39 } as const;

/** Blank clears the field (null); leaving the field out leaves it as it is. */
const clearable = (name: string, max: number) =>
  text(name, max)
    .transform((value) => value || null)
    .nullable();

/** Handles are stored without '@'; letters, digits, '-', '_' and '.' as those sites allow. */
const handle = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().max(PROFILE_LIMITS.handle, `${name} must be at most ${PROFILE_LIMITS.handle} characters`).regex(/^[A-Za-z0-9_.-]*$/, `${name} may contain only letters, digits, '-', '_' and '.'`))
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const profileUpdateSchema = z
  .object({
    displayName: clearable('displayName', PROFILE_LIMITS.displayName),
    bio: clearable('bio', PROFILE_LIMITS.bio),
    location: clearable('location', PROFILE_LIMITS.location),
    website: text('website', PROFILE_LIMITS.website)
      .transform(withWebsiteScheme)
      .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'website must be an http:// or https:// address')
      .transform((value) => (value === '' ? null : value))
      .nullable(),
    twitterHandle: handle('twitterHandle'),
    githubHandle: handle('githubHandle'),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }),
  })
  .partial()
  .strict();

export const profileSchema = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  githubHandle: z.string().nullable(),
  isPublic: z.boolean(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().optional(),
  createdAt: z.string(),
  isOwner: z.boolean(),
});
export const profileResponseSchema = z.object({ profile: profileSchema });
export const profileParamsSchema = z.object({ identifier: text('identifier', 200, { min: 1 }) });


/** Limits of the fields better-auth's endpoints take: checked before better-auth sees a body. */
export const AUTH_LIMITS = { name: 100, email: 254, imageUrl: 2000, token: 500, providerId: 40 } as const;

const authEmail = text('email', AUTH_LIMITS.email).pipe(z.email('email must be an email address'));
/** Passwords are bounded and storable here; what makes one acceptable is the server's password rule. */
const authPassword = (name: string) => text(name, PASSWORD_MAX_LENGTH, { trim: false, min: 1 });
const returnPath = (name: string) =>
  text(name, 2000).refine(isSafeReturnPath, `${name} must be a path on this site`);
const imageUrl = text('image', AUTH_LIMITS.imageUrl)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'image must be an http:// or https:// address')
  .nullish();

/**
 * The bodies of the better-auth endpoints the product uses, by path under /api/auth. Unknown fields are refused,
 * so better-auth only ever sees bounded, storable values of the fields we know.
 */
export const authRequestSchemas = {
  '/sign-up/email': z
    .object({
      name: text('name', AUTH_LIMITS.name, { min: 1 }),
      email: authEmail,
      password: authPassword('password'),
      image: imageUrl,
      callbackURL: returnPath('callbackURL').optional(),
      rememberMe: z.boolean().optional(),
    })
    .strict(),
  '/sign-in/email': z
    .object({
      email: authEmail,
      password: authPassword('password'),
      callbackURL: returnPath('callbackURL').optional(),
      rememberMe: z.boolean().optional(),
    })
    .strict(),
  '/sign-in/social': z
    .object({
      provider: text('provider', AUTH_LIMITS.providerId, { min: 1 }),
      callbackURL: returnPath('callbackURL').optional(),
      errorCallbackURL: returnPath('errorCallbackURL').optional(),
      newUserCallbackURL: returnPath('newUserCallbackURL').optional(),
      disableRedirect: z.boolean().optional(),
    })
    .strict(),
  '/sign-in/oauth2': z
    .object({
      providerId: text('providerId', AUTH_LIMITS.providerId, { min: 1 }),
      callbackURL: returnPath('callbackURL').optional(),
      errorCallbackURL: returnPath('errorCallbackURL').optional(),
      newUserCallbackURL: returnPath('newUserCallbackURL').optional(),
      disableRedirect: z.boolean().optional(),
    })
    .strict(),
  '/sign-out': z.object({}).strict(),
  '/update-user': z.object({ name: text('name', AUTH_LIMITS.name, { min: 1 }).optional(), image: imageUrl }).strict(),
  '/change-password': z
    .object({
      currentPassword: authPassword('currentPassword'),
      newPassword: authPassword('newPassword'),
      // Always true on the server: a new password signs out every other session.
      revokeOtherSessions: z.boolean().optional(),
    })
    .strict(),
  '/reset-password': z
    .object({ newPassword: authPassword('newPassword'), token: text('token', AUTH_LIMITS.token, { min: 1 }).optional() })
    .strict(),
  '/revoke-sessions': z.object({}).strict(),
  '/revoke-other-sessions': z.object({}).strict(),
} as const;
export type AuthRequestPath = keyof typeof authRequestSchemas;

/** DELETE /api/user: the password again, for accounts that have one (a borrowed session alone is not enough). */
export const deleteAccountSchema = z.object({ password: text('password', PASSWORD_MAX_LENGTH, { trim: false }).optional() }).strict().nullish();
