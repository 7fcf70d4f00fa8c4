// The operator's compaction of one person's journal stream (docs/decisions/0011-compaction.md),
// run as that account's maintenance user. It removes what is older than both the newest
// complete snapshot every active device has passed and the retention window, then
// publishes the compaction watermark that sends a device below it to a snapshot.
// Devices never purge: only this job does, and it deletes nothing a device still needs.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { announcedSigners, ignoredWords, judgeReport, readSigned } from './signed-reports.mjs';

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const SNAPSHOT_ID = /^s(0|[1-9]\d{0,15})-[a-z0-9]{8,32}$/;
const MAX_PARTS = 10_000;
const DELETES_AT_ONCE = 64;

const streamName = (user) => `CS_${user.toUpperCase().replaceAll('-', '_')}`;

async function subjectsUnder(jsm, stream, filter) {
  const info = await jsm.streams.info(stream, { subjects_filter: filter });
  return Object.keys(info.state.subjects ?? {});
}

async function lastOn(jsm, stream, subject) {
  try {
    return (await jsm.direct.getMessage(stream, { last_by_subj: subject })) ?? undefined;
  } catch (error) {
    if (/no message found|404/i.test(String(error))) return undefined;
    throw error;
  }
}

async function firstFrom(jsm, stream, seq, subject) {
  try {
    return (await jsm.direct.getMessage(stream, { seq, next_by_subj: subject })) ?? undefined;
  } catch (error) {
    if (/no message found|404/i.test(String(error))) return undefined;
    throw error;
  }
}

/** The messages stored under `filter`, each subject's last (one per subject). */
async function messagesUnder(jsm, stream, filter) {
  const messages = [];
  const subjects = await subjectsUnder(jsm, stream, filter);
  for (let first = 0; first < subjects.length; first += DELETES_AT_ONCE) {
    const batch = subjects.slice(first, first + DELETES_AT_ONCE);
    const found = await Promise.all(batch.map((subject) => lastOn(jsm, stream, subject)));
    messages.push(...found.filter(Boolean));
  }
  return messages;
}

/**
 * Each device's newest report that counts (signed-reports.mjs): its cursor, the report's
 * sequence and time. Reports that do not count are tallied in `ignored` by reason.
 */
async function devicesOf(jsm, stream, prefix, ignored) {
  const signers = await announcedSigners(
    prefix,
    await messagesUnder(jsm, stream, `${prefix}.signers.>`),
  );
  const reports = new Map();
  for (const subject of await subjectsUnder(jsm, stream, `${prefix}.progress.>`)) {
    const [token, cursorText, ...rest] = subject.slice(`${prefix}.progress.`.length).split('.');
    if (rest.length > 0 || !TOKEN.test(token ?? '') || !/^\d{1,16}$/.test(cursorText ?? '')) {
      continue;
    }
    reports.set(token, [...(reports.get(token) ?? []), { cursor: Number(cursorText), subject }]);
  }
  const devices = [];
  for (const [token, each] of reports) {
    for (const report of each.sort((a, b) => b.cursor - a.cursor)) {
      const message = await lastOn(jsm, stream, report.subject);
      if (!message) continue;
      const verdict = await judgeReport(signers, report.subject, token, message.data);
      if (verdict !== 'counted') {
        ignored[verdict]++;
        continue;
      }
      devices.push({ token, ...report, seq: message.seq, at: message.time.getTime() });
      break;
    }
  }
  return devices;
}

/**
 * A manifest's JSON inside its writer's signature. The operator does not check a
 * manifest's signature (devices do, against the device list, before use).
 */
function manifestBody(subject, data) {
  const read = readSigned(subject, data);
  return read.kind === 'signed' ? read.body : data;
}

/** Every snapshot named on the stream (by manifest or by a part), complete or not. */
async function snapshotsOf(jsm, stream, prefix) {
  const snapshots = new Map();
  const entry = (id) => {
    const match = SNAPSHOT_ID.exec(id);
    if (!match) return undefined;
    if (!snapshots.has(id)) {
      snapshots.set(id, {
        id,
        sequence: Number(match[1]),
        parts: 0,
        partCount: undefined,
        claims: false,
      });
    }
    return snapshots.get(id);
  };
  for (const subject of await subjectsUnder(jsm, stream, `${prefix}.snap.>`)) {
    const snapshot = entry(subject.slice(`${prefix}.snap.`.length).split('.')[0] ?? '');
    if (snapshot) snapshot.parts++;
  }
  for (const subject of await subjectsUnder(jsm, stream, `${prefix}.snapshots.>`)) {
    const snapshot = entry(subject.slice(`${prefix}.snapshots.`.length));
    const message = snapshot && (await lastOn(jsm, stream, subject));
    if (!message) continue;
    try {
      const manifest = JSON.parse(new TextDecoder().decode(manifestBody(subject, message.data)));
      if (
        manifest.snapshotId === snapshot.id &&
        manifest.sequence === snapshot.sequence &&
        Number.isInteger(manifest.partCount) &&
        manifest.partCount >= 1 &&
        manifest.partCount <= MAX_PARTS
      ) {
        snapshot.partCount = manifest.partCount;
        snapshot.claims = manifest.claims === true;
      }
    } catch {
      // A manifest that is not JSON makes its snapshot incomplete: never a base to cut at.
    }
  }
  return [...snapshots.values()].map((snapshot) => ({
    ...snapshot,
    complete: snapshot.partCount !== undefined && snapshot.parts === snapshot.partCount,
  }));
}

/** The sequence of every message on the subjects under `filters` (one per subject). */
async function sequencesOn(jsm, stream, filters) {
  const sequences = [];
  for (const filter of filters) {
    sequences.push(...(await messagesUnder(jsm, stream, filter)).map((message) => message.seq));
  }
  return sequences;
}

/**
 * The per-wake subjects that may go once their messages are at or below the cut: decision
 * claims, when the base snapshot carries the claims up to its sequence (devices check
 * those before claiming, so a purged subject is never won again); every task-claim
 * attempt, each task's newest too, and with them the schedule's period claims and marks
 * (a message at or below the cut is older than the retention window, far past any lease,
 * and covers only edits below the cut, which no device meets in its feed any more); the
 * messages published only to read the server's clock back; and the wakes' outcome notes
 * (each device wrote its Activity line when its feed passed one).
 */
async function claimSequences(jsm, stream, prefix, base, cut) {
  const families = [`${prefix}.clock.>`, `${prefix}.claim.>`, `${prefix}.outcome.>`];
  if (base.claims) families.push(`${prefix}.decisions.>`);
  return (await sequencesOn(jsm, stream, families)).filter((seq) => seq <= cut);
}

/** Deletes messages by sequence, some at once: unlike a purge, a delete moves no consumer. */
async function deleteEach(jsm, stream, sequences) {
  for (let first = 0; first < sequences.length; first += DELETES_AT_ONCE) {
    await Promise.all(
      sequences
        .slice(first, first + DELETES_AT_ONCE)
        .map((seq) => jsm.streams.deleteMessage(stream, seq, false)),
    );
  }
}

/** The last sequence stored before `horizon` (ms), by bisection over direct gets. */
async function lastSeqBefore(jsm, stream, prefix, state, horizon) {
  let [low, high, found] = [state.first_seq, state.last_seq, state.first_seq - 1];
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const message = await firstFrom(jsm, stream, middle, `${prefix}.>`);
    if (message && message.seq <= high && message.time.getTime() < horizon) {
      found = message.seq;
      low = message.seq + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function stateFigures(state) {
  return { subjects: state.num_subjects ?? 0, messages: state.messages, bytes: state.bytes };
}

/**
 * Compacts `user`'s stream over `connection` (the account's maintenance user). Returns
 * what it did in figures and words; `cut` is 0 when nothing could be removed yet.
 */
export async function compactJournal(connection, user, options = {}) {
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_DAYS * DAY_MS;
  const now = options.now ?? Date.now();
  const horizon = now - retentionMs;
  const stream = streamName(user);
  const prefix = `cs.${user}`;
  const jsm = await jetstreamManager(connection, { checkAPI: false, timeout: 10_000 });
  const before = (await jsm.streams.info(stream)).state;
  const report = { user, before: stateFigures(before), after: stateFigures(before), cut: 0 };

  const ignored = { unsigned: 0, forged: 0, removed: 0 };
  const devices = await devicesOf(jsm, stream, prefix, ignored);
  report.ignoredReports = ignored;
  const ignoring = ignoredWords(ignored);
  if (ignoring) report.ignored = ignoring;
  const active = devices.filter((device) => device.at >= horizon);
  const slowest = Math.min(...active.map((device) => device.cursor));
  const base = (await snapshotsOf(jsm, stream, prefix))
    .filter((snapshot) => snapshot.complete && snapshot.sequence <= slowest)
    .sort((a, b) => b.sequence - a.sequence)[0];
  const previous = await lastOn(jsm, stream, `${prefix}.compaction.*`);
  const previousCut = previous ? Number(previous.subject.split('.').at(-1)) : 0;
  report.activeDevices = active.length;
  if (!base) {
    report.reason = 'no complete snapshot that every active device has passed';
    return report;
  }
  const cut = Math.min(base.sequence, await lastSeqBefore(jsm, stream, prefix, before, horizon));
  if (cut <= previousCut) {
    report.reason = `nothing older than the retention window past the watermark ${previousCut}`;
    return report;
  }

  // The watermark first: from here on a device below the cut loads a snapshot, so a run
  // that dies half way never leaves a purged range that no watermark names.
  const body = JSON.stringify({
    v: 1,
    watermark: cut,
    snapshotId: base.id,
    at: new Date(now).toISOString(),
  });
  const ack = await jetstream(connection).publish(`${prefix}.compaction.${cut}`, body);
  // A purge with a subject filter moves every consumer of the stream that is behind the
  // first message still matching the filter up to it, or to the end of the stream when
  // none is left (nats-server 2.9.10; test/sync/compaction-live.test.ts).
  // A device's feed is such a consumer. So only the operations are purged, below the cut
  // and keeping the newest operation: every live feed is past the cut, and the first
  // operation left is at or before the next one it has to deliver, so it skips no
  // operation. Everything else is deleted message by message, which moves no consumer.
  const newestOperation = await lastOn(jsm, stream, `${prefix}.ops.>`);
  const operationsBelow = Math.min(cut + 1, newestOperation?.seq ?? 0);
  if (operationsBelow > before.first_seq) {
    await jsm.streams.purge(stream, { filter: `${prefix}.ops.>`, seq: operationsBelow });
  }
  const removed = [];
  for (const snapshot of await snapshotsOf(jsm, stream, prefix)) {
    if (snapshot.sequence >= base.sequence) continue;
    removed.push(`${prefix}.snap.${snapshot.id}.>`, `${prefix}.snapshots.${snapshot.id}`);
  }
  const doomed = await sequencesOn(jsm, stream, removed);
  for (const device of devices) {
    const keepFrom = device.at >= horizon ? device.seq : device.seq + 1;
    const reports = await sequencesOn(jsm, stream, [`${prefix}.progress.${device.token}.>`]);
    doomed.push(...reports.filter((seq) => seq < keepFrom));
  }
  const watermarks = await sequencesOn(jsm, stream, [`${prefix}.compaction.>`]);
  doomed.push(...watermarks.filter((seq) => seq < ack.seq));
  doomed.push(...(await claimSequences(jsm, stream, prefix, base, cut)));
  await deleteEach(jsm, stream, doomed);

  report.cut = cut;
  report.snapshotId = base.id;
  report.after = stateFigures((await jsm.streams.info(stream)).state);
  return report;
}
