import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { formatCount } from '#common/rules/plural.ts';

/**
 * The frame of every email: the product's orange bar, a narrow column that reads on a phone, and a footer saying
 * why the person receives it with the one-click unsubscribe link. Colours are set inline for light clients and
 * swapped by a prefers-color-scheme rule for dark ones (clients that ignore it keep a readable light card). Links
 * inside running text are underlined, as in dark clients their colour alone is too close to the text's.
 */
/** The product's orange, deep enough for white text on it to pass WCAG AA (5.6:1; Hacker News' #ff6600 is 2.9:1). */
export const BRAND = '#b34700';

export interface Footer {
  reason: string;
  unsubscribeUrl: string;
  unsubscribeLabel: string;
  preferencesUrl: string;
  openPixelUrl: string | null;
}

const darkStyles = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    body, .body, .body > table > tbody > tr > td { background-color: #111111 !important; }
    .divider { border-color: #333333 !important; }
    .card { background-color: #1c1c1c !important; border-color: #333333 !important; }
    .text { color: #e8e8e8 !important; }
    .muted { color: #a8a8a8 !important; }
    .link { color: #ff8a3d !important; }
  }
  @media only screen and (max-width: 620px) { .card { width: 100% !important; border-radius: 0 !important; } }
`;

export function Layout({ preview, title, children, footer }: { preview: string; title: string; children: ReactNode; footer: Footer }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{darkStyles}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="body" style={{ backgroundColor: '#f6f6ef', margin: 0, padding: '16px 0', fontFamily: 'Verdana, Geneva, sans-serif' }}>
        <Container className="card" style={{ width: '600px', maxWidth: '100%', backgroundColor: '#ffffff', border: '1px solid #e5e5e5', borderRadius: '6px' }}>
          <Section style={{ backgroundColor: BRAND, padding: '8px 16px', borderRadius: '6px 6px 0 0' }}>
            <Text style={{ margin: 0, color: '#ffffff', fontWeight: 700, fontSize: '15px' }}>HN Trends</Text>
          </Section>
          <Section style={{ padding: '12px 16px' }}>{children}</Section>
          <Hr className="divider" style={{ borderColor: '#e5e5e5', margin: '0' }} />
          <Section style={{ padding: '10px 16px' }}>
            <Text className="muted" style={{ margin: '0 0 4px', color: '#666666', fontSize: '11px', lineHeight: '16px' }}>
              {footer.reason}
            </Text>
            <Text className="muted" style={{ margin: 0, color: '#666666', fontSize: '11px', lineHeight: '16px' }}>
              <Link className="link" href={footer.unsubscribeUrl} style={{ color: '#b34700', textDecoration: 'underline' }}>
                {footer.unsubscribeLabel}
              </Link>
              {' · '}
              <Link className="link" href={footer.preferencesUrl} style={{ color: '#b34700', textDecoration: 'underline' }}>
                Email preferences
              </Link>
            </Text>
          </Section>
        </Container>
        {footer.openPixelUrl ? <Img src={footer.openPixelUrl} width="1" height="1" alt="" style={{ display: 'block', border: 0 }} /> : null}
      </Body>
    </Html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <Text className="text" style={{ margin: '0 0 8px', fontSize: '17px', fontWeight: 700, color: '#222222', lineHeight: '22px' }}>
      {children}
    </Text>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className="text" style={{ margin: '0 0 10px', fontSize: '13px', color: '#222222', lineHeight: '19px' }}>
      {children}
    </Text>
  );
}

export interface StoryItem {
  title: string;
  url: string;
  domain: string;
  score: number;
  comments: number;
  commentsUrl: string;
  /** The story's page on the product: its history (docs/web.md, "The story page"). */
  historyUrl: string;
  /** A short note under the line: a status change, a probability. */
  note?: string;
}

/** Dense story rows like the site's: title and domain, then points and comments. */
export function StoryList({ stories }: { stories: StoryItem[] }) {
  return (
    <Section>
      {stories.map((story, index) => (
        <Section key={index} className="divider" style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Text className="text" style={{ margin: 0, fontSize: '13px', lineHeight: '18px', color: '#222222' }}>
            <Link className="link" href={story.url} style={{ color: '#222222', textDecoration: 'none', fontWeight: 600 }}>
              {story.title}
            </Link>
            {story.domain ? <span className="muted" style={{ color: '#666666', fontSize: '11px' }}>{` (${story.domain})`}</span> : null}
          </Text>
          <Text className="muted" style={{ margin: 0, fontSize: '11px', lineHeight: '16px', color: '#666666' }}>
            {`${formatCount(story.score, 'point')} · `}
            <Link className="link" href={story.commentsUrl} style={{ color: '#666666', textDecoration: 'underline' }}>
              {formatCount(story.comments, 'comment')}
            </Link>
            {' · '}
            <Link className="link" href={story.historyUrl} style={{ color: '#666666', textDecoration: 'underline' }}>
              history
            </Link>
            {story.note ? ` · ${story.note}` : ''}
          </Text>
        </Section>
      ))}
    </Section>
  );
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      style={{ display: 'inline-block', backgroundColor: BRAND, color: '#ffffff', padding: '8px 14px', borderRadius: '4px', fontSize: '13px', fontWeight: 700, textDecoration: 'none' }}
    >
      {children}
    </Link>
  );
}
