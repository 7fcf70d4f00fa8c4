import { describe, expect, it } from 'vitest';
import { estimateMinutesSchema, needsReason, taskTitleSchema } from './task';
import { labelAppliesTo } from './category';
import { buildSampleJournal } from './sample-journal';
import { journalFileSchema } from './journal-file';

describe('task rules', () => {
  it('trim titles and refuse empty or over-long ones', () => {
    expect(taskTitleSchema.parse('  Call Sam  ')).toBe('Call Sam');
    expect(taskTitleSchema.safeParse('   ').success).toBe(false);
    expect(taskTitleSchema.safeParse('x'.repeat(400)).success).toBe(true);
    expect(taskTitleSchema.safeParse('x'.repeat(401)).success).toBe(false);
  });

  it('accept whole-minute estimates from 1 to 1440 only', () => {
    expect(estimateMinutesSchema.safeParse(1).success).toBe(true);
    expect(estimateMinutesSchema.safeParse(1440).success).toBe(true);
    for (const bad of [0, 1441, 1.5, -5])
      expect(estimateMinutesSchema.safeParse(bad).success).toBe(false);
  });

  it('ask for a reason for BLOCKED and ON HOLD only', () => {
    expect(needsReason('BLOCKED')).toBe(true);
    expect(needsReason('ON HOLD')).toBe(true);
    expect(needsReason('IN PROGRESS')).toBe(false);
  });

  it('apply unscoped labels everywhere and scoped labels to their categories', () => {
    const base = {
      id: 'l',
      createdAt: '',
      updatedAt: '',
      rev: 1,
      vectorClock: {},
      name: 'x',
      color: '#000000',
    };
    expect(labelAppliesTo(base, undefined)).toBe(true);
    expect(labelAppliesTo({ ...base, categoryIds: ['work'] }, 'work')).toBe(true);
    expect(labelAppliesTo({ ...base, categoryIds: ['work'] }, 'home')).toBe(false);
    expect(labelAppliesTo({ ...base, categoryIds: ['work'] }, undefined)).toBe(false);
  });
});

describe('the sample journal', () => {
  it('is a valid export with eight or so tasks, checklists and entries', () => {
    const file = journalFileSchema.parse(buildSampleJournal(new Date('2026-11-22T09:00:00Z')));
    expect(file.tables.tasks.length).toBeGreaterThanOrEqual(8);
    expect(file.tables.checklistItems.length).toBeGreaterThan(10);
    expect(file.tables.entries.length).toBeGreaterThan(10);
    expect(new Set(file.tables.tasks.map((task) => task.categoryId)).size).toBe(3);
  });
});
