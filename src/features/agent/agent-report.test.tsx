import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGENT_ID, type Report } from '../../domain/agent';
import { AgentReport } from './agent-report';

// A failure of the markdown renderer itself, which no input should cause, but which must
// never take more than the report with it.
vi.mock('./report-markdown', () => ({
  ReportMarkdown: ({ content }: { content: string }) => {
    if (content.includes('unrenderable')) throw new Error('the renderer failed');
    return <p>formatted: {content}</p>;
  },
}));

afterEach(() => cleanup());

function report(content: string, updatedAt = '2026-11-27T08:00:00.000Z'): Report {
  return {
    id: `${DEFAULT_AGENT_ID}:task-1`,
    agentId: DEFAULT_AGENT_ID,
    taskId: 'task-1',
    oneLiner: 'On track.',
    tldr: 'Two steps left.',
    content,
    createdAt: updatedAt,
    updatedAt,
    rev: 1,
    vectorClock: {},
  };
}

describe('AgentReport', () => {
  it('keeps a report that fails to render inside the report: words and its plain text, the rest stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <main>
        <AgentReport report={report('An unrenderable\nreport.')} />
        <button type="button">Wake agent</button>
      </main>,
    );
    await userEvent.click(screen.getByText('Full report'));

    expect(screen.getByRole('status')).toHaveTextContent(
      /could not be shown formatted, so here it is as plain text\. The rest of the task works/,
    );
    expect(screen.getByText(/An unrenderable/)).toHaveClass('agent-report__plain');
    expect(screen.getByText('On track.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Wake agent' })).toBeVisible();

    // The next wake's report gets a fresh try.
    rerender(
      <main>
        <AgentReport report={report('A fine report.', '2026-11-27T09:00:00.000Z')} />
        <button type="button">Wake agent</button>
      </main>,
    );
    expect(screen.getByText('formatted: A fine report.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
