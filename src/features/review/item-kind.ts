/** The kind prefix a review row shows before an item's summary: `Estimate · Set estimate to 60 minutes`. */
const KINDS: Readonly<Record<string, string>> = {
  set_task_title: 'Title',
  update_task_estimate: 'Estimate',
  update_task_due_date: 'Due date',
  update_task_priority: 'Priority',
  set_task_status: 'Status',
  assign_task_label: 'Label',
  assign_task_labels: 'Label',
  add_checklist_item: 'Checklist',
  add_multiple_checklist_items: 'Checklist',
  update_checklist_item: 'Checklist',
  update_checklist_items: 'Checklist',
};

export function itemKind(toolName: string): string {
  return Object.hasOwn(KINDS, toolName) ? KINDS[toolName]! : 'Change';
}
