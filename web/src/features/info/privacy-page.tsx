import { Link } from 'wouter';
import { InfoPage } from './info-page';

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" intro="What HN Trends keeps about you, why, and how to take it back.">
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>Your account: name, email address and, if you sign in with GitHub, Google or another provider, the profile it shares.</li>
          <li>Your profile, if you fill it in: display name, bio, location, website and social handles.</li>
          <li>What you create: bookmarks, watched stories, private notes, keyword alerts, shared links and content flags.</li>
          <li>Your preferences and email settings, including quiet hours and how many emails you want a day.</li>
          <li>A session cookie that keeps you signed in. We use no advertising or third-party tracking cookies.</li>
        </ul>
      </section>
      <section>
        <h2>Usage events</h2>
        <p>
          When someone opens a story from a list (its title or its comments) or bookmarks one, we record that it happened: the
          story, its title, link and score, whether it was a featured story, and the time. No address, device or browser
          details are kept with it. Each request the app makes to our server is counted by which call it was, its result and
          how long it took, with nothing about who made it or what it asked for.
        </p>
        <p>
          The event is stored with your account only if you agreed to usage analytics during setup. Without that agreement,
          and for visitors, it is stored with nothing that links it to you. To count how many different readers opened a story,
          we keep for a day or two a one-way code made from your account, or from your address and browser, and the day: it
          changes every day and cannot be turned back into who you are. Opening and clicking a shared link is counted the same
          way, without saying who: to count each reader once a day, we keep for a few days a one-way code made from your
          account, or from your address and browser, never the address itself.
        </p>
      </section>
      <section>
        <h2>What we do not do</h2>
        <p>
          We do not sell your data or share it with advertisers. Your notes are private to you. Your email address is never
          shown on your public profile, and you can make the profile private at any time.
        </p>
      </section>
      <section>
        <h2>Emails</h2>
        <p>
          We only send the emails you chose: keyword alerts, the weekly digest, trending and prediction alerts. Every email has
          an unsubscribe link, and you can change them all under Preferences.
        </p>
        <p>
          To learn which emails are useful, each email carries a tiny image and its links pass through our server first: we
          record when an email was first opened and a link first clicked, and how many times, for that email only. We use the
          figures only in totals per kind of email. Mail apps that block images send us no open.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          On your profile page you can download everything we hold about you as a file, and delete your account. Deleting it
          removes your data permanently. For anything else, <Link href="/contact">contact us</Link>.
        </p>
      </section>
      <section>
        <h2>Story data</h2>
        <p>
          Stories, scores and comment counts come from the public Hacker News API. They are public data and are not linked to
          your account.
        </p>
      </section>
    </InfoPage>
  );
}
