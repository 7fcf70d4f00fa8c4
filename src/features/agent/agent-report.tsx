/** The report of the task's last wake: one line, a short summary, and the full text on demand. */
import type { Report } from '../../domain/agent';
import { ReportMarkdown } from './report-markdown';

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
          <ReportMarkdown content={report.content} />
        </details>
      )}
    </div>
  );
}
