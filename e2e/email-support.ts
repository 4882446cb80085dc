import type { Page } from '@playwright/test';
import { completeOnboarding, signUp, withDatabase } from './support.ts';

/** A fresh account with the admin role (the shared test server's first account may be anyone's). */
export async function signUpAdmin(page: Page): Promise<string> {
  const { email } = await signUp(page, 'Ada Admin');
  await completeOnboarding(page);
  await withDatabase((client) => client.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]));
  // Its own welcome email is in the outbox: the email log has a row to show.
  await welcomeUnsubscribeLink(email);
  return email;
}

/** The unsubscribe link of the welcome email waiting in the outbox for this address (the test server sends none). */
export async function welcomeUnsubscribeLink(email: string): Promise<string> {
  // The mail job writes the welcome email just after sign-up (which asks for a run): it may take a moment.
  let html = '';
  for (let attempt = 0; attempt < 200 && !html; attempt++) {
    html = await withDatabase(async (client) => {
      const result = await client.query<{ html: string }>(`SELECT html FROM email_outbox WHERE recipient = $1 AND kind = 'welcome'`, [email]);
      return result.rows[0]?.html ?? '';
    });
    if (!html) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const href = /href="(https?:\/\/[^"]+\/unsubscribe\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no welcome email with an unsubscribe link for ${email}`);
  const url = new URL(href.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}
