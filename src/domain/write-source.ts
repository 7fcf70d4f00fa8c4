/**
 * Where a write came from. Every journal mutation is tagged with one
 * (docs/architecture.md, invariant 2).
 */
import { z } from 'zod';

export const writeSourceSchema = z.enum(['user', 'confirmation', 'agent', 'undo', 'sync', 'rule']);
export type WriteSource = z.infer<typeof writeSourceSchema>;
