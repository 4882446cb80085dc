-- A person has one time zone (docs/email.md "Time zones"), taken from the browser at onboarding: users.time_zone,
-- null until known (email then follows UTC). It was a column of every email control before; a zone someone chose
-- there moves to the person (the keyword alert's first, as the preferences screen showed it). 'UTC' was also the
-- column's default, so it cannot be told from never chosen: it stays null, which reads as UTC as before.
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
UPDATE "users" u SET "time_zone" = c."timezone"
  FROM (SELECT DISTINCT ON ("user_id") "user_id", "timezone" FROM "email_frequency_controls" WHERE "timezone" <> 'UTC'
         ORDER BY "user_id", ("email_type" = 'keyword_alert') DESC, "email_type") AS c
 WHERE c."user_id" = u."id";--> statement-breakpoint
ALTER TABLE "email_frequency_controls" DROP COLUMN "timezone";--> statement-breakpoint
-- A person's email waiting to go (held by quiet hours or for the newsletter's Sunday morning): what the app shows
-- and re-plans when the person changes their quiet hours or time zone.
CREATE INDEX "email_outbox_pending_user_idx" ON "email_outbox" USING btree ("user_id","send_after") WHERE "email_outbox"."status" = 'pending';
