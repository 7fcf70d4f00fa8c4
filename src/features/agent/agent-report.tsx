/** The report of the task's last wake: one line, a short summary, and the full text on demand. */
import type { Report } from '../../domain/agent';
import { Notice } from '../../ui/notice';
import { RenderBoundary } from '../../ui/render-boundary';
import { ReportMarkdown } from './report-markdown';

/** The report as plain text, with words, when its markdown could not be shown. */
function PlainReport({ content }: { content: string }) {
  return (
    <div className="stack">
      <Notice tone="warning">
        This report could not be shown formatted, so here it is as plain text. The rest of the task
        works as usual, and waking the agent again writes a new report.
      </Notice>
      <p className="agent-report__plain">{content}</p>
    </div>
  );
}

export function AgentReport({ report }: { report: Report }) {
  return (
    <div className="agent-report stack">
      <h3>Report</h3>
      <p className="agent-report__one-liner">
        <strong>{report.oneLiner}</strong>
      </p>
      {report.tldr && <p className="agent-report__tldr">{report.tldr}</p>}
      {report.content.trim() && (
        <details className="agent-report__full">
          <summary className="disclosure">Full report</summary>
          <RenderBoundary
            key={`${report.updatedAt}:${report.rev}`}
            fallback={<PlainReport content={report.content} />}
          >
            <ReportMarkdown content={report.content} />
          </RenderBoundary>
        </details>
      )}
    </div>
  );
}
