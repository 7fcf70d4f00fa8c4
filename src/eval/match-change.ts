/**
 * Whether a change (a tool and its arguments) is one a situation's matcher describes.
 * Loose where wording varies ("in progress", "IN_PROGRESS" and "In Progress" are one
 * status; "120" is 120 minutes), strict where it matters (the tool, the value, the row).
 */
import { findAliasedTool, findTool } from '../tools/registry';
import type { ArgCondition, ChangeMatcher } from './situation';

export interface Change {
  tool: string;
  args: Record<string, unknown>;
}

/** Tools that change nothing in the journal: the wake's own notes. */
const NOTE_TOOLS = new Set(['update_report', 'record_observations']);

export function isChange(change: Change): boolean {
  return !NOTE_TOOLS.has(change.tool);
}

/**
 * A model's call as the changes it asks for: the tool's real name (aliases resolved), and
 * a batch as one change per element, named by its singular tool, as review rows are.
 */
export function changesOfCall(toolName: string, input: unknown): Change[] {
  const args = argumentsOf(input);
  const tool = findAliasedTool(toolName.trim()) ?? findTool(toolName.trim());
  const name = tool?.name ?? toolName.trim().toLowerCase();
  const elements = tool?.batch ? args[tool.batch.key] : undefined;
  if (tool?.batch && Array.isArray(elements))
    return elements.map((element) => ({
      tool: tool.batch!.singular,
      args: isRecord(element) ? element : { value: element },
    }));
  return [{ tool: name, args }];
}

export function matchesChange(
  matcher: ChangeMatcher,
  change: Change,
  ids: ReadonlyMap<string, string>,
): boolean {
  const anyChange = matcher.tools.includes('*') && isChange(change);
  if (!anyChange && !matcher.tools.includes(change.tool)) return false;
  for (const [key, condition] of Object.entries(matcher.args ?? {}))
    if (!meets(change.args[key], condition, ids)) return false;
  if (matcher.mentions?.length) {
    const { rationale: _why, ...said } = change.args;
    const haystack = JSON.stringify(said).toLowerCase();
    const found = (needle: string | undefined) =>
      needle !== undefined && haystack.includes(needle.toLowerCase());
    for (const mention of matcher.mentions)
      if (!mention.split('|').some((option) => found(named(option, ids)))) return false;
  }
  return true;
}

function meets(value: unknown, condition: ArgCondition, ids: ReadonlyMap<string, string>) {
  if (typeof condition === 'object' && 'oneOf' in condition)
    return condition.oneOf.some((option) => same(value, option, ids));
  if (typeof condition === 'object') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && number >= condition.min && number <= condition.max;
  }
  return same(value, condition, ids);
}

function same(
  value: unknown,
  expected: string | number | boolean,
  ids: ReadonlyMap<string, string>,
) {
  if (typeof expected === 'string') {
    const wanted = named(expected, ids);
    return typeof value === 'string' && wanted !== undefined && words(value) === words(wanted);
  }
  if (typeof expected === 'number')
    return Number(typeof value === 'string' ? value.trim() : value) === expected;
  return value === expected;
}

/** `#label:Urgent` is the id of the seeded label "Urgent"; anything else is itself. */
function named(text: string, ids: ReadonlyMap<string, string>): string | undefined {
  return text.startsWith('#') ? ids.get(text.slice(1)) : text;
}

const words = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

function argumentsOf(input: unknown): Record<string, unknown> {
  if (typeof input !== 'string') return isRecord(input) ? input : {};
  try {
    const parsed: unknown = JSON.parse(input);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
