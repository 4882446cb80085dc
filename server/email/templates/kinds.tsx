import { Section, Text } from '@react-email/components';
import type { DigestContentStyle } from '#common/rules/limits.ts';
import { formatCount } from '#common/rules/plural.ts';
import type { WatchDirection } from '#common/rules/watch-change.ts';
import { Button, Heading, Layout, Paragraph, StoryList, type Footer, type StoryItem } from './layout.tsx';

/** The content of each kind of email (spec part 2 §1). Every link arrives already tracked and signed. */

export function WelcomeEmail({ name, homeUrl, footer }: { name: string; homeUrl: string; footer: Footer }) {
  return (
    <Layout preview="Your account is ready: trending stories, keyword alerts and watches." title="Welcome to HN Trends" footer={footer}>
      <Heading>{name ? `Welcome, ${name}!` : 'Welcome to HN Trends!'}</Heading>
      <Paragraph>
        HN Trends follows Hacker News minute by minute and tells you which stories are taking off. Watch a story to hear when it
        grows or cools, set keyword alerts for the topics you follow, and read the weekly digest on Sundays.
      </Paragraph>
      <Button href={homeUrl}>Open HN Trends</Button>
    </Layout>
  );
}

/** `direction`: where every story listed moved (growing or cooling), or null when they moved both ways. */
export function WatchNotificationEmail({ stories, direction, footer }: { stories: StoryItem[]; direction: WatchDirection | null; footer: Footer }) {
  const one = stories.length === 1;
  const heading = direction
    ? one
      ? `A story you watch is ${direction}`
      : `${stories.length} stories you watch are ${direction}`
    : `${stories.length} stories you watch changed status`;
  return (
    <Layout preview={one ? `${stories[0]!.title}: ${stories[0]!.note ?? ''}` : heading} title="Watched stories" footer={footer}>
      <Heading>{heading}</Heading>
      <StoryList stories={stories} />
    </Layout>
  );
}

export function KeywordAlertEmail({ keyword, stories, footer }: { keyword: string; stories: StoryItem[]; footer: Footer }) {
  return (
    <Layout preview={`New stories about ${keyword}`} title={`Keyword alert: ${keyword}`} footer={footer}>
      <Heading>{`Keyword alert: ${keyword}`}</Heading>
      <Paragraph>{`${stories.length} ${stories.length === 1 ? 'story mentions' : 'stories mention'} “${keyword}”.`}</Paragraph>
      <StoryList stories={stories} />
    </Layout>
  );
}

export function KeywordDigestEmail({ groups, footer }: { groups: { keyword: string; stories: StoryItem[] }[]; footer: Footer }) {
  return (
    <Layout preview={`Your keyword digest: ${groups.map((group) => group.keyword).join(', ')}`} title="Keyword digest" footer={footer}>
      <Heading>Your keyword digest</Heading>
      {groups.map((group) => (
        <Section key={group.keyword} style={{ marginBottom: '10px' }}>
          <Text className="text" style={{ margin: '6px 0 2px', fontSize: '14px', fontWeight: 700, color: '#222222' }}>
            {group.keyword}
          </Text>
          <StoryList stories={group.stories} />
        </Section>
      ))}
    </Layout>
  );
}

export function TrendingAlertsEmail({ stories, footer }: { stories: StoryItem[]; footer: Footer }) {
  return (
    <Layout preview={stories.map((story) => story.title).join(' · ')} title="Trending now" footer={footer}>
      <Heading>{stories.length === 1 ? 'A story just went viral' : `${stories.length} stories just went viral`}</Heading>
      <StoryList stories={stories} />
    </Layout>
  );
}

export function PredictionAlertEmail({ stories, footer }: { stories: StoryItem[]; footer: Footer }) {
  return (
    <Layout preview="Stories predicted to trend in the next 2-6 hours" title="Prediction alert" footer={footer}>
      <Heading>Predicted to trend</Heading>
      <Paragraph>These stories are predicted to trend in the next 2-6 hours, based on early velocity, engagement and other factors.</Paragraph>
      <StoryList stories={stories} />
    </Layout>
  );
}

/** An administrator's notice of a contact message: what the sender wrote, and the admin page that holds it. */
export function ContactMessageEmail({
  message,
  adminUrl,
  footer,
}: {
  message: { name: string; email: string; subject: string; message: string };
  adminUrl: string;
  footer: Footer;
}) {
  return (
    <Layout preview={`${message.name}: ${message.subject}`} title="New contact message" footer={footer}>
      <Heading>New contact message</Heading>
      <Paragraph>{`From ${message.name} <${message.email}>`}</Paragraph>
      <Paragraph>{`Subject: ${message.subject}`}</Paragraph>
      <Text className="text" style={{ margin: '0 0 12px', fontSize: '13px', color: '#222222', lineHeight: '19px', whiteSpace: 'pre-wrap' }}>
        {message.message}
      </Text>
      <Button href={adminUrl}>Open contact messages</Button>
    </Layout>
  );
}

/** The seven custom content styles (part 2 §3): a tinted box with a label, readable in light and dark clients. */
export const CONTENT_STYLES: Readonly<Record<DigestContentStyle, { label: string; background: string; border: string }>> = {
  default: { label: '', background: '#ffffff', border: '#e5e5e5' },
  info: { label: 'ℹ️ Info', background: '#eef5ff', border: '#3b82f6' },
  announcement: { label: '📣 Announcement', background: '#fff4e8', border: '#ff6600' },
  tip: { label: '💡 Tip', background: '#effaf1', border: '#22a447' },
  warning: { label: '⚠️ Heads up', background: '#fff8e1', border: '#d99a00' },
  celebration: { label: '🎉 Celebration', background: '#fbefff', border: '#a855f7' },
  quote: { label: '❝ Quote', background: '#f6f6f6', border: '#888888' },
};

export function CustomContent({ html, style }: { html: string; style: DigestContentStyle }) {
  if (!html.trim()) return null;
  const look = CONTENT_STYLES[style];
  return (
    <Section style={{ backgroundColor: look.background, borderLeft: `4px solid ${look.border}`, padding: '8px 12px', margin: '0 0 12px' }}>
      {look.label ? <Text style={{ margin: '0 0 4px', fontSize: '11px', fontWeight: 700, color: '#444444' }}>{look.label}</Text> : null}
      <div style={{ fontSize: '13px', lineHeight: '19px', color: '#222222', fontStyle: style === 'quote' ? 'italic' : 'normal' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Section>
  );
}

export interface DigestData {
  weekLabel: string;
  stories: StoryItem[];
  risingKeywords: { keyword: string; stories: number; previous: number }[];
  accuracy: { percent: number; verified: number } | null;
  top: { html: string; style: DigestContentStyle };
  bottom: { html: string; style: DigestContentStyle };
}

export function WeeklyDigestEmail({ digest, greeting, footer }: { digest: DigestData; greeting: string; footer: Footer }) {
  return (
    <Layout preview={`The week on Hacker News: ${digest.stories[0]?.title ?? 'your Sunday summary'}`} title={`Weekly digest, ${digest.weekLabel}`} footer={footer}>
      <Heading>{`The week on Hacker News · ${digest.weekLabel}`}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <CustomContent html={digest.top.html} style={digest.top.style} />
      <Text className="text" style={{ margin: '8px 0 2px', fontSize: '14px', fontWeight: 700, color: '#222222' }}>Top stories</Text>
      {digest.stories.length ? <StoryList stories={digest.stories} /> : <Paragraph>No stories were recorded this week.</Paragraph>}
      <Text className="text" style={{ margin: '12px 0 2px', fontSize: '14px', fontWeight: 700, color: '#222222' }}>Rising keywords</Text>
      <Paragraph>
        {digest.risingKeywords.length
          ? digest.risingKeywords.map((entry) => `${entry.keyword} (${formatCount(entry.stories, 'story', 'stories')}, ${entry.previous} the week before)`).join(' · ')
          : 'No keyword rose this week.'}
      </Paragraph>
      <Text className="text" style={{ margin: '12px 0 2px', fontSize: '14px', fontWeight: 700, color: '#222222' }}>Prediction accuracy</Text>
      <Paragraph>
        {digest.accuracy
          ? `${digest.accuracy.percent}% of ${digest.accuracy.verified} verified predictions were right.`
          : 'Prediction accuracy appears here once predictions have been verified.'}
      </Paragraph>
      <CustomContent html={digest.bottom.html} style={digest.bottom.style} />
    </Layout>
  );
}
