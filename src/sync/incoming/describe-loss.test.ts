import { describe, expect, it } from 'vitest';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';
import { lossMessage } from './describe-loss';

const HERE = 'cccccccc-here';
const TABLET = 'aaaaaaaa-tablet';
const PHONE = 'bbbbbbbb-phone';

const loss = (fields: Partial<LostFieldValue>): LostFieldValue => ({
  table: 'tasks',
  id: 't1',
  field: 'title',
  lost: 'Bike (phone)',
  kept: 'Bike (tablet)',
  side: 'remote',
  taskId: 't1',
  title: 'Bike (tablet)',
  ...fields,
});

const summary = (value: LostFieldValue, remote: string) =>
  lossMessage(value, { remote, here: HERE }, 'op', '2026-11-24T10:00:00.000Z').summary;

describe('the words of a value lost to a concurrent edit', () => {
  it('names the device that wrote the value kept here, which is not always this one', () => {
    // A third device had the tablet's title; the phone's arrives and loses.
    expect(summary(loss({ localWriter: TABLET }), PHONE)).toBe(
      'Edited on two devices at once: the title of task "Bike (tablet)". Kept "Bike (tablet)" (from device aaaaaaaa); the value "Bike (phone)" from device bbbbbbbb lost.',
    );
  });

  it('says "this device" for this device’s own value, won or lost, and names the field in words', () => {
    const lost = loss({
      field: 'estimateMinutes',
      lost: 30,
      kept: 45,
      side: 'local',
      localWriter: HERE,
    });
    expect(summary(lost, TABLET)).toBe(
      'Edited on two devices at once: the estimate of task "Bike (tablet)". Kept 45 (from device aaaaaaaa); the value 30 from this device lost.',
    );
    expect(summary(loss({ localWriter: undefined }), PHONE)).toMatch(
      /Kept "Bike \(tablet\)" \(from this device\); the value "Bike \(phone\)" from device bbbbbbbb lost\.$/,
    );
  });
});
