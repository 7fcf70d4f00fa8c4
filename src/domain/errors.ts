/** Errors the write path raises whatever the caller (user, agent, import). */
/** The target is gone (deleted task, archived or removed checklist item): retrying cannot help. */
export class EntityNotFoundError extends Error {
  override readonly name = 'EntityNotFoundError';
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super(`No ${describeTable(table)} with id "${id}" exists (it may have been deleted).`);
  }
}

function describeTable(table: string): string {
  switch (table) {
    case 'tasks':
      return 'task';
    case 'checklistItems':
      return 'checklist item';
    case 'entries':
      return 'journal entry';
    case 'categories':
      return 'category';
    case 'labels':
      return 'label';
    case 'agents':
      return 'agent';
    case 'rules':
      return 'rule';
    default:
      return table;
  }
}
