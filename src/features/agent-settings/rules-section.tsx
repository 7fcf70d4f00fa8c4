/**
 * Settings → Agent → Rules: every rule the person made, what made it, how often it fired,
 * and a way to delete it. Suppression rules ("Stop proposing …") are journal data, deleted
 * through dispatch(); "Apply … without asking" rules are the trusted tools, synced with the journal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { readTrustedTools } from '../../db/agent-settings';
import { saveTrustedTools } from '../../dispatcher/agent-choices';
import { getDatabase } from '../../db/connection';
import { readDecisionStats } from '../../db/decision-stats';
import { listRules } from '../../db/rules';
import { userEdit } from '../../dispatcher/user-edit';
import { countOf } from '../../lib/count-of';
import { reviewKind, trustableTools } from '../../tools/registry';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';

interface RuleRow {
  key: string;
  what: string;
  origin: string;
  fired: number;
  remove(): Promise<string | undefined>;
}

async function readRuleRows(): Promise<RuleRow[]> {
  const db = getDatabase();
  const [rules, trusted, stats, categories, labels] = await Promise.all([
    listRules(db),
    readTrustedTools(db),
    readDecisionStats(db),
    db.categories.toArray(),
    db.labels.toArray(),
  ]);
  const nameOf = (rows: { id: string; name: string }[], id: string | undefined) =>
    rows.find((row) => row.id === id)?.name;
  const suppressions: RuleRow[] = rules.map(({ rule, fired }) => {
    const label = nameOf(labels, rule.labelId);
    const what = label ? `the label "${label}"` : reviewKind(rule.toolName).toLowerCase();
    return {
      key: rule.id,
      what: `Stop proposing ${what} for ${nameOf(categories, rule.categoryId) ?? 'a deleted category'}`,
      origin: rule.origin,
      fired,
      remove: async () => {
        const result = await userEdit('delete_rule', { id: rule.id });
        return result.success ? undefined : result.output;
      },
    };
  });
  const trustRows: RuleRow[] = trustableTools()
    .filter((tool) => trusted.includes(tool.toolName))
    .map((tool) => ({
      key: `trust:${tool.toolName}`,
      what: `Apply ${tool.name.toLowerCase()} without asking`,
      origin: 'Trusted tools',
      fired: stats
        .filter((row) => reviewKind(row.toolName) === reviewKind(tool.toolName))
        .reduce((sum, row) => sum + row.counts.rule, 0),
      remove: async () => {
        const current = await readTrustedTools(db);
        await saveTrustedTools(
          db,
          current.filter((name) => name !== tool.toolName),
        );
        return undefined;
      },
    }));
  return [...suppressions, ...trustRows];
}

export function RulesSection() {
  const headingId = useId();
  const rows = useLiveQuery(readRuleRows, []);
  const [problem, setProblem] = useState<string>();
  return (
    <section className="stack agent-rules" aria-labelledby={headingId}>
      <h3 id={headingId}>Rules</h3>
      <p className="muted">
        Rules you made from your decisions. The review offers them when you keep rejecting, or keep
        confirming, the same kind of change.
      </p>
      {rows === undefined ? (
        <p className="muted">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No rules yet.</p>
      ) : (
        <ul className="agent-rules__list stack">
          {rows.map((row) => (
            <li key={row.key} className="agent-rules__rule">
              <div>
                <p className="agent-rules__what">{row.what}</p>
                <p className="muted agent-rules__meta">
                  {row.origin} · fired {countOf(row.fired, 'time')}
                </p>
              </div>
              <Button
                size="small"
                variant="danger"
                aria-label={`Delete rule: ${row.what}`}
                onClick={() => {
                  setProblem(undefined);
                  void row.remove().then(setProblem);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
    </section>
  );
}
