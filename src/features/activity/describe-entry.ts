/**
 * An entry of the trail in words for the person reading it: a title that says who did
 * what ("You set estimate to 90 minutes", "Agent proposed: Set estimate to 90 minutes",
 * "Confirmed: …", "Undone: …", "The agent noted: …") and badges that say what came of it.
 * A wake's proposal was only queued, so it reads "Proposed" until its item is decided,
 * then what the decision was; "Applied" is kept for writes that were applied as they
 * were made (a person's own edit, the agent's immediate tools).
 */
import type { ProposalFate } from '../../db/queries/activity-proposal-fates';
import type { AuditMessage } from '../../domain/audit';
import type { ChangeItemStatus } from '../../domain/change-set';
import { findTool, reviewKind } from '../../tools/registry';
import { NO_NAMES } from '../../tools/tool-definition';
import { describeMethod } from './describe-method';
import { didThis, shorten, triedThis } from './in-words';
import { proposedBy } from './proposed-by';
import { messagesOf, type ActivityEntry } from './group-activity';

export type BadgeTone =
  'applied' | 'proposed' | 'confirmed' | 'rejected' | 'denied' | 'undone' | 'failed' | 'neutral';

export interface Badge {
  label: string;
  tone: BadgeTone;
  /** Shown before the label, hidden from screen readers: the label says it in words. */
  icon: string;
}

/** One item of a proposal that was queued as several (a batch), with its own fate. */
export interface ProposedItemWords {
  key: string;
  summary: string;
  badge: Badge;
  rationale?: string;
  note?: string;
}

export interface EntryWords {
  title: string;
  badges: Badge[];
  /** What came of it, when that is more than the badge says (a failure, a skip, a denial). */
  detail?: string;
  /** The whole text, when the title had to cut it short (an agent's thought). */
  body?: string;
  /** Why the agent proposed it, in its words. */
  rationale?: string;
  /** What a decision added: a rejection's reason, an undo after a confirmation. */
  note?: string;
  /** The items of a proposal queued as more than one. */
  items: ProposedItemWords[];
  /** How a decision was made ("Swiped"), when its device recorded it. */
  how?: string;
}

export const BADGES = {
  applied: { label: 'Applied', tone: 'applied', icon: '✓' },
  proposed: { label: 'Proposed', tone: 'proposed', icon: '◇' },
  confirmed: { label: 'Confirmed', tone: 'confirmed', icon: '✓' },
  rejected: { label: 'Rejected', tone: 'rejected', icon: '✗' },
  denied: { label: 'Denied', tone: 'denied', icon: '⊘' },
  undone: { label: 'Undone', tone: 'undone', icon: '↶' },
  failed: { label: 'Failed', tone: 'failed', icon: '!' },
  noChange: { label: 'No change', tone: 'neutral', icon: '=' },
  skipped: { label: 'Skipped', tone: 'neutral', icon: '–' },
  noted: { label: 'Noted', tone: 'neutral', icon: '✎' },
  notReviewed: { label: 'Not reviewed', tone: 'neutral', icon: '◷' },
  unknown: { label: 'No result recorded', tone: 'neutral', icon: '…' },
} as const satisfies Record<string, Badge>;

/** The order counts are listed in: what waits for the person first. */
const BADGE_ORDER: readonly Badge[] = [
  BADGES.proposed,
  BADGES.confirmed,
  BADGES.rejected,
  BADGES.undone,
  BADGES.notReviewed,
  BADGES.applied,
  BADGES.denied,
  BADGES.failed,
  BADGES.skipped,
  BADGES.noChange,
  BADGES.noted,
];
const rank = (badge: Badge) => {
  const index = BADGE_ORDER.findIndex((known) => known.label === badge.label);
  return index < 0 ? BADGE_ORDER.length : index;
};

const ITEM_BADGES: Record<ChangeItemStatus, Badge> = {
  pending: BADGES.proposed,
  confirmed: BADGES.confirmed,
  rejected: BADGES.rejected,
  expired: BADGES.notReviewed,
  failed: BADGES.failed,
  undone: BADGES.undone,
};

/** How long a thought may be in a title before the rest goes below it. */
const TITLE_LENGTH = 120;

type Outcome = NonNullable<AuditMessage['outcome']>;

function outcomeOf(entry: ActivityEntry): Outcome | undefined {
  const { result } = entry;
  return result?.outcome ?? (result?.kind === 'policyDenied' ? 'denied' : undefined);
}

const succeeded = (outcome: Outcome | undefined) =>
  outcome === undefined || outcome === 'success' || outcome === 'noop';

/** The badge of a write that was applied as it was made. */
function writeBadge(outcome: Outcome | undefined): Badge {
  switch (outcome) {
    case 'success':
      return BADGES.applied;
    case 'noop':
      return BADGES.noChange;
    case 'failure':
      return BADGES.failed;
    case 'denied':
      return BADGES.denied;
    default:
      return BADGES.unknown;
  }
}

/** A failed or refused attempt: the result's own words say why. */
function failureDetail(entry: ActivityEntry, outcome: Outcome | undefined): string | undefined {
  return outcome === 'success' ? undefined : entry.result?.summary;
}

/** How a decision's operation is titled, done and tried. */
const DECIDED_BY = {
  confirmation: { done: 'Confirmed', tried: 'Tried to confirm' },
  rule: { done: 'Applied without asking', tried: 'Tried to apply without asking' },
} as const;

export function describeEntry(
  entry: ActivityEntry,
  proposals: ReadonlyMap<string, readonly ProposalFate[]>,
  /** The name of the device a synced operation came from. */
  syncedFrom = 'another device',
  /** The name of the device whose agent proposed a decided item, when not this one. */
  proposerName?: (deviceId: string) => string | undefined,
): EntryWords {
  if (entry.note) return describeNote(entry.note);
  const first = messagesOf(entry)[0]!;
  const outcome = outcomeOf(entry);
  const done = succeeded(outcome);
  const fates = first.operationId ? proposals.get(first.operationId) : undefined;
  const summary = summaryOf(entry);
  const detail = failureDetail(entry, outcome);
  const words = (title: string, badges: Badge[], extra: Partial<EntryWords> = {}) => ({
    title,
    badges,
    items: [],
    ...(detail && { detail }),
    ...extra,
  });

  switch (first.source) {
    case 'agent':
      return describeAgentCall(entry, outcome, fates);
    case 'confirmation':
    case 'rule': {
      const by = DECIDED_BY[first.source];
      const fate = fates?.[0];
      const undone = done && (fate?.status === 'undone' || fate?.decision?.undoneAt);
      const how =
        fate?.decision &&
        describeMethod(
          fate.decision.method,
          fate.decision.verdict,
          entry.action?.summary !== fate.summary,
        );
      const proposer = fate ? proposedBy([fate], proposerName) : '';
      return words(
        `${done ? by.done : by.tried}: ${summary}${proposer}`,
        done ? [BADGES.confirmed, ...(undone ? [BADGES.undone] : [])] : [writeBadge(outcome)],
        { ...(undone && { note: 'Undone since.' }), ...(how && { how }) },
      );
    }
    case 'undo': {
      const what = summary.replace(/^Undo: /, '');
      return words(done ? `Undone: ${what}` : `Tried to undo: ${what}`, [
        done ? BADGES.undone : writeBadge(outcome),
      ]);
    }
    case 'sync':
      return words(`From ${syncedFrom}: ${summary}`, [writeBadge(outcome)]);
    default: {
      // A rejection writes an operation of its own only when it has something to undo
      // (a rejected label is never suggested again): it reads as the rejection it is.
      const rejected = first.runKey?.startsWith('reject:') ? fates?.[0] : undefined;
      if (rejected && done) {
        const reason = rejected.decision?.rejectionReason;
        return words(`Rejected: ${rejected.summary}`, [BADGES.rejected], {
          ...(reason && { note: `Your reason: ${reason}` }),
        });
      }
      const title = !entry.action
        ? `Result: ${summary}`
        : done
          ? didThis('You', summary)
          : triedThis('You', summary);
      return words(title, [writeBadge(outcome)]);
    }
  }
}

/**
 * The summary the trail recorded. Arguments that never parsed cannot be summarised, and
 * the dispatcher records "Call <tool>" then: said by the tool's kind instead.
 */
function summaryOf(entry: ActivityEntry): string {
  const summary = entry.action?.summary ?? entry.result?.summary ?? '';
  const toolName = entry.action?.toolName;
  if (!toolName || summary !== `Call ${toolName}`) return summary;
  const kind = reviewKind(toolName);
  return kind === 'Change' ? 'Make a change' : `Change ${kind.toLowerCase()}`;
}

/** The row a wake writes when it ends without the agent's report (src/agent/wake-audit.ts). */
export function isWakeEnding(message: AuditMessage | undefined): boolean {
  return message?.kind === 'observation' && message.payload.wakeEnded === true;
}

function describeNote(note: AuditMessage): EntryWords {
  const text = note.summary.trim();
  const title = shorten(text, TITLE_LENGTH);
  const ending = isWakeEnding(note);
  return {
    title: ending
      ? title
      : note.kind === 'thought'
        ? `The agent noted: ${title}`
        : `Note: ${title}`,
    badges: ending && note.outcome === 'failure' ? [BADGES.failed] : [],
    items: [],
    ...(title !== text.replace(/\s+/g, ' ') && { body: text }),
  };
}

/**
 * A call the agent made. During a wake, a deferred tool's call was queued for review (its
 * audit says "success" for "queued"), a noted one kept on the wake's notes, and an
 * immediate one dispatched at once; the tool's route in the registry tells them apart.
 */
function describeAgentCall(
  entry: ActivityEntry,
  outcome: Outcome | undefined,
  fates: readonly ProposalFate[] | undefined,
): EntryWords {
  const toolName = entry.action?.toolName ?? entry.result?.toolName ?? '';
  const route = findTool(toolName)?.route;
  const detail = failureDetail(entry, outcome);
  const summary = summaryOf(entry);

  if (route === 'deferred' || route === 'noted') {
    const said = callSummary(toolName, entry.action?.payload.args);
    if (route === 'noted') {
      return {
        title:
          outcome !== 'failure'
            ? noted(said)
            : said
              ? `The agent tried to note: ${said}`
              : 'The agent tried to note something',
        badges: [outcome === 'failure' ? BADGES.failed : BADGES.noted],
        items: [],
        ...(outcome === 'failure' && detail && { detail }),
      };
    }
    const items = fates ?? [];
    const one = items.length === 1 ? items[0] : undefined;
    const title = `Agent proposed: ${one?.summary ?? said ?? reviewKind(toolName)}`;
    if (outcome !== 'success') {
      const badge = outcome === 'noop' ? BADGES.skipped : writeBadge(outcome);
      return { title, badges: [badge], items: [], ...(detail && { detail }) };
    }
    if (items.length === 0) return { title, badges: [BADGES.proposed], items: [] };
    if (one) {
      return {
        title,
        badges: [ITEM_BADGES[one.status]],
        items: [],
        ...(one.rationale && { rationale: one.rationale }),
        ...(fateNote(one) && { note: fateNote(one) }),
      };
    }
    const rationale = items.find((item) => item.rationale)?.rationale;
    return {
      title,
      badges: countedBadges(items.map((item) => ITEM_BADGES[item.status])),
      items: items.map((item) => ({
        key: item.itemId,
        summary: item.summary,
        badge: ITEM_BADGES[item.status],
        ...(item.rationale && item.rationale !== rationale && { rationale: item.rationale }),
        ...(fateNote(item) && { note: fateNote(item) }),
      })),
      ...(rationale && { rationale }),
    };
  }

  // A name the registry does not know is the model's own invention: it is quoted.
  const title =
    route === undefined
      ? `The agent tried to use "${toolName}"`
      : succeeded(outcome)
        ? didThis('The agent', summary)
        : triedThis('The agent', summary);
  return {
    title,
    badges: [writeBadge(outcome)],
    items: [],
    ...(detail && { detail }),
  };
}

function noted(summary: string | undefined): string {
  if (summary === undefined) return 'The agent noted something';
  const said = didThis('The agent', summary);
  return said.startsWith('The agent:') ? `The agent noted: ${summary}` : said;
}

/** What a decision adds to a proposal's badge: the reason given, the error met. */
function fateNote(fate: ProposalFate): string | undefined {
  if (fate.status === 'rejected' && fate.decision?.rejectionReason)
    return `Your reason: ${fate.decision.rejectionReason}`;
  if (fate.status === 'failed' && fate.error) return fate.error;
  if (fate.status === 'confirmed' && fate.decision?.actor === 'rule')
    return 'Applied without asking (a trusted tool).';
  return undefined;
}

/**
 * The summary of a call from its recorded arguments, as the tool words it; undefined when
 * the arguments were cut short or never parsed (the tool's kind stands in then).
 */
function callSummary(toolName: string, recorded: unknown): string | undefined {
  const tool = findTool(toolName);
  if (!tool) return undefined;
  let args = recorded;
  if (typeof recorded === 'string') {
    try {
      args = JSON.parse(recorded);
    } catch {
      return undefined;
    }
  }
  const parsed = tool.argsSchema.safeParse(args);
  if (!parsed.success) return undefined;
  try {
    return tool.summarize(parsed.data, NO_NAMES);
  } catch {
    return undefined;
  }
}

/**
 * What a wake did, counted by badge ("5 Proposed", "1 Applied", "2 Noted"): each item of a
 * proposal counts on its own, thoughts not at all.
 */
export function describeWake(steps: readonly EntryWords[]): Badge[] {
  const badges = steps
    .flatMap((words) =>
      words.items.length > 0 ? words.items.map((item) => item.badge) : words.badges,
    )
    .sort((a, b) => rank(a) - rank(b));
  return countedBadges(badges, { always: true });
}

/** One badge per label, with how many share it ("2 Proposed"): always, or when more than one. */
function countedBadges(badges: readonly Badge[], options: { always?: boolean } = {}): Badge[] {
  const counts = new Map<string, { badge: Badge; count: number }>();
  for (const badge of badges) {
    const known = counts.get(badge.label);
    if (known) known.count += 1;
    else counts.set(badge.label, { badge, count: 1 });
  }
  return [...counts.values()].map(({ badge, count }) =>
    count > 1 || options.always ? { ...badge, label: `${count} ${badge.label}` } : badge,
  );
}
