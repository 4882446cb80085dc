import { Link } from 'wouter';
import { InfoPage } from './info-page';

export function AboutPage() {
  return (
    <InfoPage title="About" intro="HN Trends follows Hacker News minute by minute and shows you which stories are taking off.">
      <section>
        <h2>What it does</h2>
        <p>
          Every minute HN Trends reads the front page, the newest stories, Ask HN and Show HN from the public Hacker News API and
          records each story's score and comment count. From those snapshots it works out how fast a story gains points and
          comments, per hour, over the last two hours.
        </p>
        <p>That velocity drives everything you see:</p>
        <ul>
          <li>
            <strong>Heat badges</strong>: Viral, Hot, Rising and Trending, from a story's velocity, score, comments and age.
          </li>
          <li>
            <strong>Trending and Fast Risers</strong>: lists ranked by how quickly stories are climbing, not only by points.
          </li>
          <li>
            <strong>Keyword alerts, watches and bookmarks</strong>: follow the topics and stories you care about.
          </li>
          <li>
            <strong>Predictions</strong>: stories likely to trend in the next few hours, with a confidence level.
          </li>
        </ul>
      </section>
      <section>
        <h2>Who it is for</h2>
        <p>
          Readers who want to catch the interesting discussion early, founders watching how a launch is received, and anyone
          curious about what the tech community is talking about right now.
        </p>
      </section>
      <section>
        <h2>Independent</h2>
        <p>
          HN Trends is an independent project. It is not affiliated with, endorsed by or sponsored by Hacker News or Y
          Combinator. Story titles, scores and comments belong to Hacker News and their authors; every story links back to its
          original page.
        </p>
        <p>
          Questions or ideas? <Link href="/contact">Get in touch</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
