/**
 * Every tool by name, and what callers ask of the catalogue as a whole (the model's tools,
 * aliases, review kinds, trusted tools, field words), all read from the tools' own modules.
 * Adding a tool is adding its module and one line here. Lookups use maps, never an
 * object's properties, so a name like `__proto__` is simply unknown.
 */
import { addChecklistItem } from './checklist/add-checklist-item';
import { addMultipleChecklistItems } from './checklist/add-multiple-checklist-items';
import { deleteChecklistItem } from './checklist/delete-checklist-item';
import { moveChecklistItem } from './checklist/move-checklist-item';
import { updateChecklistItem } from './checklist/update-checklist-item';
import { updateChecklistItems } from './checklist/update-checklist-items';
import { deleteCategory } from './catalog/delete-category';
import { deleteLabel } from './catalog/delete-label';
import { importJournal } from './catalog/import-journal';
import { undoImport } from './catalog/undo-import';
import { allowAgentCategory } from './policy/allow-agent-category';
import { setAgentChoices } from './policy/set-agent-choices';
import { restoreEntities } from './catalog/restore-entities';
import { saveCategory } from './catalog/save-category';
import { saveLabel } from './catalog/save-label';
import { addJournalEntry } from './entries/add-journal-entry';
import { deleteJournalEntry } from './entries/delete-journal-entry';
import { updateJournalEntry } from './entries/update-journal-entry';
import { assignTaskLabel } from './task/assign-task-label';
import { assignTaskLabels } from './task/assign-task-labels';
import { changeTaskStatus } from './task/change-task-status';
import { clearTaskField } from './task/clear-task-field';
import { createTask } from './task/create-task';
import { deleteTask } from './task/delete-task';
import { setTaskCategory } from './task/set-task-category';
import { setTaskLabels } from './task/set-task-labels';
import { setTaskLanguage } from './task/set-task-language';
import { setTaskStatus } from './task/set-task-status';
import { setTaskTitle } from './task/set-task-title';
import { suppressTaskLabel } from './task/suppress-task-label';
import { updateTaskDueDate } from './task/update-task-due-date';
import { updateTaskEstimate } from './task/update-task-estimate';
import { updateTaskPriority } from './task/update-task-priority';
import { recordObservations } from './notes/record-observations';
import { updateReport } from './notes/update-report';
import { applySyncedRows } from './catalog/apply-synced-rows';
import { createSuppressionRule } from './rules/create-suppression-rule';
import { deleteRule } from './rules/delete-rule';
import type { ToolDefinition } from './tool-definition';

// Each tool's Args differ; the registry stores them erased and the dispatcher parses
// arguments with the tool's own schema before calling it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTool = ToolDefinition<any>;

const ALL_TOOLS: readonly AnyTool[] = [
  // Offered to the model.
  setTaskTitle,
  updateTaskEstimate,
  updateTaskDueDate,
  updateTaskPriority,
  setTaskStatus,
  setTaskLanguage,
  setTaskCategory,
  assignTaskLabels,
  addMultipleChecklistItems,
  updateChecklistItems,
  updateReport,
  recordObservations,
  // The items of batch proposals.
  assignTaskLabel,
  addChecklistItem,
  updateChecklistItem,
  // The person's own operations.
  moveChecklistItem,
  deleteChecklistItem,
  changeTaskStatus,
  clearTaskField,
  createTask,
  deleteTask,
  setTaskLabels,
  addJournalEntry,
  updateJournalEntry,
  deleteJournalEntry,
  saveCategory,
  saveLabel,
  deleteCategory,
  deleteLabel,
  importJournal,
  undoImport,
  suppressTaskLabel,
  restoreEntities,
  allowAgentCategory,
  setAgentChoices,
  applySyncedRows,
  createSuppressionRule,
  deleteRule,
];

const TOOLS_BY_NAME: ReadonlyMap<string, AnyTool> = new Map(
  ALL_TOOLS.map((tool) => [tool.name, tool]),
);

const ALIASES: ReadonlyMap<string, AnyTool> = new Map(
  ALL_TOOLS.flatMap((tool) => (tool.aliases ?? []).map((alias) => [alias, tool] as const)),
);

export function allTools(): readonly AnyTool[] {
  return ALL_TOOLS;
}

/** The tool of that exact name, or undefined. */
export function findTool(name: unknown): AnyTool | undefined {
  return typeof name === 'string' ? TOOLS_BY_NAME.get(name) : undefined;
}

/** The model tool a name models use by mistake stands for (`set_estimate`), or undefined. */
export function findAliasedTool(name: string): AnyTool | undefined {
  return ALIASES.get(name);
}

/** The tools offered to the model. */
export function modelTools(): readonly AnyTool[] {
  return ALL_TOOLS.filter((tool) => tool.audience === 'model');
}

/** The batch tool whose exploded items `tool` applies (`add_checklist_item` → `add_multiple_checklist_items`). */
export function batchToolOf(tool: AnyTool): AnyTool | undefined {
  return ALL_TOOLS.find((candidate) => candidate.batch?.singular === tool.name);
}

/** The singular tools exploded batch items are dispatched with (never offered to the model). */
export function isBatchSingular(tool: AnyTool): boolean {
  return batchToolOf(tool) !== undefined;
}

/** The kind a review row names an item by (`Estimate`); an exploded item takes its batch tool's. */
export function reviewKind(toolName: string): string {
  const tool = findTool(toolName);
  const kind = tool && (tool.review?.kind ?? batchToolOf(tool)?.review?.kind);
  return kind ?? 'Change';
}

/** The tools the person may let apply without asking, by the name Settings shows. */
export function trustableTools(): readonly { toolName: string; name: string }[] {
  return modelTools().flatMap((tool) =>
    tool.review?.trustedAs ? [{ toolName: tool.name, name: tool.review.trustedAs }] : [],
  );
}

const FIELD_LABELS: ReadonlyMap<string, string> = new Map(
  ALL_TOOLS.flatMap((tool) => Object.entries(tool.fieldLabels ?? {})),
);

/** Words for a field a proposal changes (`estimateMinutes` → "estimate"), or undefined. */
export function fieldLabel(field: string): string | undefined {
  return FIELD_LABELS.get(field);
}
