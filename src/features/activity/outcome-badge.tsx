import type { AuditMessage } from '../../domain/audit';

export type Outcome = NonNullable<AuditMessage['outcome']>;

const OUTCOMES: Record<Outcome, { label: string; icon: string }> = {
  success: { label: 'Applied', icon: '✓' },
  noop: { label: 'No change', icon: '=' },
  failure: { label: 'Failed', icon: '✕' },
  denied: { label: 'Denied', icon: '⊘' },
};

/** What happened to an operation, in words and colour (never colour alone). */
export function OutcomeBadge({ outcome }: { outcome: Outcome | undefined }) {
  const { label, icon } = outcome ? OUTCOMES[outcome] : { label: 'No result recorded', icon: '…' };
  return (
    <span className={`activity-outcome activity-outcome--${outcome ?? 'unknown'}`}>
      <span aria-hidden="true">{icon}</span>
      {label}
    </span>
  );
}
