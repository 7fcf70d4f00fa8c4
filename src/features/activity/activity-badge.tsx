import type { Badge } from './describe-entry';

/** What came of an entry, in words and colour (never colour alone). */
export function ActivityBadge({ badge }: { badge: Badge }) {
  return (
    <span className={`activity-badge activity-badge--${badge.tone}`}>
      <span aria-hidden="true">{badge.icon}</span>
      {badge.label}
    </span>
  );
}

/** Several badges in a row, or nothing. */
export function ActivityBadges({ badges }: { badges: readonly Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <span className="activity-badges">
      {badges.map((badge) => (
        <ActivityBadge key={badge.label} badge={badge} />
      ))}
    </span>
  );
}
