/** A stored table's rows in words, for messages a person reads ("the task", "a proposal"). */
const TABLE_WORDS: Readonly<Record<string, string>> = {
  tasks: 'task',
  checklistItems: 'checklist item',
  entries: 'journal entry',
  categories: 'category',
  labels: 'label',
  agents: 'agent settings',
  rules: 'rule',
  changeItems: 'proposal',
  changeSets: 'proposals',
  decisions: 'decision',
  reports: 'report',
  devices: 'device',
};

/** The words for one row of `table`; an unknown table is named as it is stored. */
export function tableWord(table: string): string {
  return TABLE_WORDS[table] ?? table;
}
