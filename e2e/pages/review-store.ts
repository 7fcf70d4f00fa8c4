/**
 * The review records as stored, read with the raw IndexedDB API (not the app's code):
 * a task's proposed items, its decisions, its live checklist, and the ledger of
 * mutations that confirmations wrote. Journeys use it to check what the screen cannot
 * show: nothing applied twice, nothing applied without a decision.
 */
import type { Page } from '@playwright/test';

export interface StoredReview {
  task: { title: string; status: string; priority: string; estimateMinutes?: number } | undefined;
  items: { changeSetId: string; itemIndex: number; summary: string; status: string }[];
  decisions: {
    changeSetId: string;
    itemIndex: number;
    summary: string;
    verdict: string;
    operationId?: string;
    undoneAt?: string;
    rejectionReason?: string;
  }[];
  checklistTitles: string[];
  /** The ledger rows of confirmations for the task. */
  confirmations: { operationId: string; toolName: string }[];
}

export async function readStoredReview(page: Page, taskId: string): Promise<StoredReview> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('countersign');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const stores = ['tasks', 'changeItems', 'decisions', 'checklistItems', 'mutations'];
      const transaction = db.transaction(stores, 'readonly');
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve, reject) => {
          const request = transaction.objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
          request.onerror = () => reject(request.error);
        });
      type Row = Record<string, unknown> & { taskId?: string; deletedAt?: string };
      const [tasks, changeItems, decisions, checklist, mutations] = await Promise.all(
        stores.map((store) => all<Row>(store)),
      );
      const task = tasks!.find((row) => row.id === id && row.deletedAt === undefined);
      const ownItems = changeItems!
        .filter((row) => row.taskId === id && row.deletedAt === undefined)
        .sort(
          (a, b) =>
            String(a.proposedAt).localeCompare(String(b.proposedAt)) ||
            String(a.changeSetId).localeCompare(String(b.changeSetId)) ||
            (a.itemIndex as number) - (b.itemIndex as number),
        );
      return {
        task: task && {
          title: task.title as string,
          status: task.status as string,
          priority: task.priority as string,
          ...(typeof task.estimateMinutes === 'number'
            ? { estimateMinutes: task.estimateMinutes }
            : {}),
        },
        items: ownItems.map((item) => ({
          changeSetId: item.changeSetId as string,
          itemIndex: item.itemIndex as number,
          summary: item.humanSummary as string,
          status: item.status as string,
        })),
        decisions: decisions!
          .filter((row) => row.taskId === id && row.deletedAt === undefined)
          .map((row) => ({
            changeSetId: row.changeSetId as string,
            itemIndex: row.itemIndex as number,
            summary: row.humanSummary as string,
            verdict: row.verdict as string,
            ...(row.operationId ? { operationId: row.operationId as string } : {}),
            ...(row.undoneAt ? { undoneAt: row.undoneAt as string } : {}),
            ...(row.rejectionReason ? { rejectionReason: row.rejectionReason as string } : {}),
          })),
        checklistTitles: checklist!
          .filter((row) => row.taskId === id && row.deletedAt === undefined)
          .map((row) => row.title as string),
        confirmations: mutations!
          .filter((row) => row.taskId === id && row.source === 'confirmation')
          .map((row) => ({
            operationId: row.operationId as string,
            toolName: row.toolName as string,
          })),
      };
    } finally {
      db.close();
    }
  }, taskId);
}
