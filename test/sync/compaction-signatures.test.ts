// @vitest-environment node
/**
 * Issue 24: a device inside the account must not move the operator's compaction with
 * progress reports it forges. Against a real nats-server, as the maintenance user: reports
 * under another device's id (signed by the hostile device itself, or under that device's
 * name with the wrong key) do not push the cut ahead, and a removed device's or an
 * unsigned report do not hold it back. The job counts them aside, in words.
 */
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactJournal } from '../../sync-server/compact.mjs';
import { signMessage } from '../../src/sync/seal/signed-message';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { compactionStage, type CompactionStage } from './compaction-stage';
import { reportingDevice, type ReportingDevice } from './reporting-device';
import { publishStandInSnapshot } from './sync-fixtures';

const RETENTION_MS = 1_500;
const subjects = syncSubjects('alice');

let stage: CompactionStage;
let raw: NatsConnection;
let maintenance: NatsConnection;
let laptop: ReportingDevice;
let tablet: ReportingDevice;
let hostile: ReportingDevice;

async function pushSome(prefix: string, count: number): Promise<number> {
  let seq = 0;
  for (let index = 0; index < count; index++) seq = await stage.push(`${prefix}-${index}`);
  return seq;
}

const pastTheWindow = () => new Promise((resolve) => setTimeout(resolve, RETENTION_MS + 200));

/** Publishes a report on `device`'s progress subject, signed as `signAs` with `hostile`'s key. */
async function forgedReport(deviceId: string, cursor: number, signAs?: string) {
  const subject = subjects.progress(deviceId, cursor);
  const { privateKey } = await hostile.signer();
  const data = signAs
    ? await signMessage(subject, { deviceId: signAs, privateKey }, new Uint8Array(0))
    : new Uint8Array(0);
  await jetstream(raw).publish(subject, data);
}

beforeAll(async () => {
  stage = await compactionStage();
  ({ raw, maintenance } = stage);
  [laptop, tablet, hostile] = ['laptop', 'tablet', 'hostile'].map((id) =>
    reportingDevice(raw, id),
  ) as [ReportingDevice, ReportingDevice, ReportingDevice];
});

afterAll(() => stage?.close());

describe('compaction and forged progress reports', () => {
  it('does not let reports under another device’s id push the cut past that device', async () => {
    const first = await pushSome('early', 10);
    const second = await pushSome('later', 10);
    await publishStandInSnapshot(raw, 'alice', first);
    await publishStandInSnapshot(raw, 'alice', second);
    await pastTheWindow();
    await laptop.report(first + 2);
    await tablet.report(second + 5);
    await hostile.report(second + 5);
    // The laptop has not passed the second snapshot; the hostile device says it has.
    await forgedReport('laptop', second + 50, 'hostile');
    await forgedReport('laptop', second + 60, 'laptop');

    const report = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(report.cut).toBe(first);
    expect(report.activeDevices).toBe(3);
    expect(report.ignoredReports).toEqual({ unsigned: 0, forged: 2, removed: 0 });
    expect(report.ignored).toMatch(/^2 progress reports not counted: 2 forged/);
  });

  it('does not let a removed device’s or an unsigned report hold the cut back', async () => {
    const phone = reportingDevice(raw, 'old-phone');
    await phone.report(1);
    await laptop.remove('old-phone');
    const third = await pushSome('third', 10);
    await publishStandInSnapshot(raw, 'alice', third);
    await pastTheWindow();
    for (const each of [laptop, tablet, hostile]) await each.report(third + 1);
    // Far behind every snapshot: counted, they would keep the compaction from removing anything.
    await phone.report(2);
    await forgedReport('stranger', 2);

    const report = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(report.cut).toBe(third);
    expect(report.activeDevices).toBe(3);
    // Both of the phone's reports, and the forgeries of the first run, which stay on the stream.
    expect(report.ignoredReports).toEqual({ unsigned: 1, forged: 2, removed: 2 });
    expect(report.ignored).toMatch(/1 unsigned.*2 from a removed device/);
  });

  it('does not take a removal from a device that announced no key, nor a second key for a device', async () => {
    const stranger = reportingDevice(raw, 'stranger-2');
    // Never announced (it never reported), so its removal of the tablet is not taken.
    const notice = await signMessage(
      subjects.signerRemoved('tablet'),
      await stranger.signer(),
      new TextEncoder().encode('{"v":1,"removedAt":"2026-11-27T09:00Z"}'),
    );
    await jetstream(raw).publish(subjects.signerRemoved('tablet'), notice);
    // A second announcement for the laptop is refused by the server: the first one stands.
    await expect(
      jetstream(raw, { timeout: 2_000 }).publish(subjects.signer('laptop'), notice, {
        expect: { lastSubjectSequence: 0 },
      }),
    ).rejects.toThrow();
    const fourth = await pushSome('fourth', 5);
    await publishStandInSnapshot(raw, 'alice', fourth);
    await pastTheWindow();
    for (const each of [laptop, tablet, hostile]) await each.report(fourth + 1);

    const report = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(report.cut).toBe(fourth);
    expect(report.activeDevices).toBe(3);
  });
});
