/**
 * The agent's report is model output, so it is untrusted (docs/architecture.md, invariant 4).
 * react-markdown builds React elements, never innerHTML, and without rehype-raw raw HTML
 * in the markdown stays text (`<script>` shows as the characters "<script>"). On top of
 * its URL sanitising (which already empties `javascript:` and other unsafe protocols),
 * links here must be absolute http(s) or mailto, and images are never loaded: a remote
 * image would let the model send data anywhere just by being viewed. Each link shows
 * where it goes before it is followed: "(example.com ↗)" after its text (the host as the
 * browser will read it, so a look-alike name shows as xn--…), and a screen reader hears
 * "(opens example.com in a new tab)".
 */
import type { ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';

const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

/** The URL as react-markdown would keep it, or '' unless it is an absolute http(s)/mailto link. */
function safeReportUrl(url: string): string {
  const kept = defaultUrlTransform(url.trim());
  return ALLOWED_LINK.test(kept) ? kept : '';
}

// The report sits under the panel's h2 and the report's h3: its own headings start at h4.
const heading =
  (Tag: 'h4' | 'h5' | 'h6') =>
  ({ children }: { children?: ReactNode }) => (
    <Tag className="agent-report__heading">{children}</Tag>
  );

/** Where a kept link goes, in a few words: its host, or the address of a mailto link. */
function destinationOf(href: string): { shown: string; spoken: string } {
  const url = new URL(href);
  if (url.protocol === 'mailto:') {
    const address = decodeURIComponent(url.pathname);
    return { shown: `email ${address}`, spoken: `writes an email to ${address}` };
  }
  return { shown: url.host, spoken: `opens ${url.host} in a new tab` };
}

function ReportLink({ href, children }: { href: string; children?: ReactNode }) {
  const destination = destinationOf(href);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}{' '}
      <span className="agent-report__link-destination" aria-hidden="true">
        {`(${destination.shown}\u00a0↗)`}
      </span>
      <span className="visually-hidden">({destination.spoken})</span>
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <ReportLink href={href}>{children}</ReportLink>
    ) : (
      <span className="agent-report__dead-link">{children}</span>
    ),
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
