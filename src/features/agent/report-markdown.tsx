/**
 * The agent's report is model output, so it is untrusted (docs/architecture.md, invariant 4).
 * react-markdown builds React elements, never innerHTML, and without rehype-raw raw HTML
 * in the markdown stays text (`<script>` shows as the characters "<script>"). On top of
 * its URL sanitising (which already empties `javascript:` and other unsafe protocols),
 * links here must be absolute http(s) or mailto, and images are never loaded: a remote
 * image would let the model send data anywhere just by being viewed. Each link shows
 * where it goes before it is followed: "(example.com ↗)" after its text (the host as the
 * browser will read it, so a look-alike name shows as xn--…), and a screen reader hears
 * "(opens example.com in a new tab)". A link whose address cannot be read (report-link.ts)
 * is its text alone.
 */
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { readReportLink } from './report-link';

/** The URL as react-markdown would keep it, or '' unless it is a readable absolute http(s)/mailto link. */
function safeReportUrl(url: string): string {
  return readReportLink(url)?.href ?? '';
}

// The report sits under the panel's h2 and the report's h3: its own headings start at h4.
const heading =
  (Tag: 'h4' | 'h5' | 'h6') =>
  ({ children }: { children?: ReactNode }) => (
    <Tag className="agent-report__heading">{children}</Tag>
  );

function ReportLink({ href, children }: { href: string | undefined; children?: ReactNode }) {
  const link = href ? readReportLink(href) : undefined;
  if (!link) return <span className="agent-report__dead-link">{children}</span>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer nofollow">
      {children}{' '}
      <span className="agent-report__link-destination" aria-hidden="true">
        {`(${link.shown}\u00a0↗)`}
      </span>
      <span className="visually-hidden">({link.spoken})</span>
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => <ReportLink href={href}>{children}</ReportLink>,
  img: ({ alt }) => <span className="agent-report__image">[image{alt ? `: ${alt}` : ''}]</span>,
  h1: heading('h4'),
  h2: heading('h4'),
  h3: heading('h5'),
  h4: heading('h6'),
  h5: heading('h6'),
  h6: heading('h6'),
};

export function ReportMarkdown({ content }: { content: string }) {
  return (
    <div className="agent-report__markdown">
      <Markdown urlTransform={safeReportUrl} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
