import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOWN_DESTINATION_MAX } from './report-link';
import { ReportMarkdown } from './report-markdown';

afterEach(() => cleanup());

function renderLink(address: string) {
  const { container } = render(<ReportMarkdown content={`See [the page](<${address}>) now.`} />);
  const report = container.querySelector('.agent-report__markdown')!;
  return { report, link: report.querySelector('a') };
}

/** What the link shows after its text: "(example.com ↗)". */
const destination = (link: Element | null) =>
  link?.querySelector('.agent-report__link-destination')?.textContent;

const LONG_HOST = `${'a'.repeat(5_000)}.example`;

/** Addresses a model may write that are not links anyone can follow: each shows as its text. */
const UNREADABLE = [
  'https://api.example.com:port/v1',
  'https://[::1',
  'http://exa mple.com',
  'mailto:%E0%A4%A',
  'https://%zz',
  'https://example.com:99999/',
  'https://',
  'https://xn--a.example/',
  'https://ex%00ample.com/',
  'https://[::g]/',
  'http://[::1:8080/x',
  'http://[2001:db8::1/',
  'http://]::1[/',
  'http://[::1]]:80/',
  'https://exa\u202emple.com/',
  'mailto:',
  'javascript:alert(1)',
];

describe('ReportMarkdown links', () => {
  it.each(UNREADABLE)('shows %j as plain text, not a link', (address) => {
    const { report, link } = renderLink(address);
    expect(link).toBeNull();
    expect(report.textContent).toBe('See the page now.');
  });

  it.each([
    ['https://example.com/search?q=a%20b#results', 'example.com'],
    ['https://例え.jp/path', 'xn--r8jz45g.jp'],
    ['https://münchen.de/', 'xn--mnchen-3ya.de'],
    ['https://intranet.example.com:8443/wiki/Release_(plan)', 'intranet.example.com:8443'],
    ['http://localhost:11434/api/chat', 'localhost:11434'],
    ['https://user:pass%40bank.example@evil.example/', 'evil.example'],
    ['http://[::1]:8080/x', '[::1]:8080'],
    ['http://[2001:db8::1]/', '[2001:db8::1]'],
  ])('keeps %j a link that says it opens %s', (address, host) => {
    const { link } = renderLink(address);
    expect(link).not.toBeNull();
    expect(link).toHaveAttribute('href', new URL(address).href);
    expect(destination(link)).toBe(`(${host}\u00a0↗)`);
    expect(link).toHaveAccessibleName(`the page (opens ${host} in a new tab)`);
  });

  it('keeps an IPv6 host a link however the markdown writes it (markdown escapes its brackets)', () => {
    const { container } = render(
      <ReportMarkdown
        content={'[local](http://[::1]:8080/x) and <http://[2001:db8::1]/> and [bad](http://[::1/)'}
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://[::1]:8080/x',
      'http://[2001:db8::1]/',
    ]);
    expect(links.map(destination)).toEqual(['([::1]:8080\u00a0↗)', '([2001:db8::1]\u00a0↗)']);
    expect(container.querySelector('.agent-report__dead-link')).toHaveTextContent('bad');
  });

  it('names an email address as it decodes, or as written when it hides direction marks', () => {
    const plain = renderLink('mailto:sam@example.com?subject=Hi%20there').link;
    expect(plain).toHaveAccessibleName('the page (writes an email to sam@example.com)');
    cleanup();

    const reversed = renderLink('mailto:%E2%80%AEmoc.elpmaxe@evil.example').link;
    expect(reversed).not.toBeNull();
    expect(reversed!.textContent).not.toContain('\u202e');
    expect(destination(reversed)).toBe('(email %E2%80%AEmoc.elpmaxe@evil.example\u00a0↗)');
  });

  it('shortens a destination too long to read, so it cannot fill the card', () => {
    const { link } = renderLink(`https://${LONG_HOST}/`);
    const shown = destination(link)!;
    expect(shown.length).toBeLessThanOrEqual(SHOWN_DESTINATION_MAX + 4);
    expect(shown).toMatch(/^\(a+…\u00a0↗\)$/);
    expect(link).toHaveAttribute('href', `https://${LONG_HOST}/`);
  });

  it('renders a report mixing every kind of link, each readable one still a link', () => {
    const content = [...UNREADABLE, 'https://example.com/docs']
      .map((address, index) => `- [link ${index}](<${address}>)`)
      .join('\n');
    const { container } = render(<ReportMarkdown content={content} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/docs']);
    expect(container.querySelectorAll('li')).toHaveLength(UNREADABLE.length + 1);
  });
});
