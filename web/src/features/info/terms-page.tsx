import { Link } from 'wouter';
import { InfoPage } from './info-page';

export function TermsPage() {
  return (
    <InfoPage title="Terms of Service" intro="The rules for using HN Trends. They are short; please read them.">
      <section>
        <h2>The service</h2>
        <p>
          HN Trends is a free reader and trend tracker for stories posted on Hacker News. It is not affiliated with Hacker News
          or Y Combinator. Trend figures, heat badges and predictions are estimates from public data and may be wrong; do not
          rely on them for decisions that matter.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          Keep your sign-in details to yourself; you are responsible for what happens under your account. You may delete your
          account at any time from your profile page.
        </p>
      </section>
      <section>
        <h2>Fair use</h2>
        <ul>
          <li>Do not scrape the service or send automated requests beyond normal use; limits apply.</li>
          <li>Flag content honestly. Moderators review every flag, and false flags may restrict your account.</li>
          <li>Do not use shared links, profiles or notes to spread spam, abuse or anything unlawful.</li>
        </ul>
      </section>
      <section>
        <h2>Content</h2>
        <p>
          Stories and comments belong to their authors on Hacker News. What you write here (your profile, notes and shared-link
          descriptions) stays yours; you allow us to store and show it as the service needs.
        </p>
      </section>
      <section>
        <h2>Changes and availability</h2>
        <p>
          The service is provided as is, without warranty. It may be paused for maintenance or changed. We will announce
          changes to these terms on the site.
        </p>
        <p>
          Questions? <Link href="/contact">Contact us</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
