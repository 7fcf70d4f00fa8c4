import { z } from 'zod';

/** What an operation is, for sync and for the person reading Activity. */
export const operationKindSchema = z.enum([
  'journal',
  'proposal',
  'decision',
  'undo',
  'expiry',
  'report',
  'import',
]);
export type OperationKind = z.infer<typeof operationKindSchema>;
