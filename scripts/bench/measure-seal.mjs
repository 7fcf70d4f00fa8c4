// Seal + open per message (docs/decisions/0010): a typical edit and a 100-row
// import part, sealed and opened with the journal key (open includes parsing the
// envelope, as receiving does). Figures only; nothing here asserts a time.
import { performance } from 'node:perf_hooks';

const ROUNDS = 5;

function typicalEdit(now) {
  const before = {
    id: 'task-7f3c',
    title: 'Call the plumber about the boiler',
    estimateMinutes: 30,
    status: 'open',
    rev: 4,
    createdAt: now,
    updatedAt: now,
    vectorClock: { 'device-a': 12, 'device-b': 3 },
  };
  return {
    v: 1,
    operationId: 'a'.repeat(64),
    kind: 'update_task_estimate',
    deviceId: 'device-a',
    vectorClock: { 'device-a': 13, 'device-b': 3 },
    time: now,
    diffs: [
      { table: 'tasks', id: before.id, before, after: { ...before, estimateMinutes: 45, rev: 5 } },
    ],
  };
}

function importPart(now, rows = 100) {
  const diffs = Array.from({ length: rows }, (_, index) => ({
    table: 'checklistItems',
    id: `item-${index}`,
    before: null,
    after: {
      id: `item-${index}`,
      taskId: 'task-7f3c',
      text: `Checklist item ${index}: check the pressure gauge and bleed the radiators`,
      done: index % 3 === 0,
      order: index,
      rev: 1,
      createdAt: now,
      updatedAt: now,
      vectorClock: { 'device-a': index + 1 },
    },
  }));
  return { ...typicalEdit(now), kind: 'import_rows', diffs };
}

async function timePer(count, run) {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) await run(index);
  return ((performance.now() - start) * 1000) / count;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `load(path)` loads a module of the app (Vite's ssrLoadModule). */
export async function measureSeal(load) {
  const { deriveJournalKey, newJournalSecret } = await load('/src/sync/seal/journal-key.ts');
  const { keyRing } = await load('/src/sync/seal/key-ring.ts');
  const { seal, open } = await load('/src/sync/seal/seal.ts');
  const { encodeEnvelope, parseEnvelope, splitOperation } = await load(
    '/src/domain/sync-envelope.ts',
  );
  const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
  const now = new Date().toISOString();
  const subject = `cs.alice.ops.${'a'.repeat(64)}`;
  const cases = [
    { name: 'a typical edit', envelope: splitOperation(typicalEdit(now))[0], count: 2_000 },
    { name: 'a 100-row import part', envelope: splitOperation(importPart(now))[0], count: 200 },
  ];
  const results = [];
  for (const { name, envelope, count } of cases) {
    const plain = encodeEnvelope(envelope);
    const sealed = await seal(subject, ring, plain);
    const rounds = { seal: [], open: [] };
    const openAndParse = async () => parseEnvelope((await open(subject, ring, sealed)).plaintext);
    await timePer(count, openAndParse);
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.seal.push(await timePer(count, () => seal(subject, ring, plain)));
      rounds.open.push(await timePer(count, openAndParse));
    }
    const sealUs = median(rounds.seal);
    const openUs = median(rounds.open);
    results.push({
      name,
      plainBytes: plain.byteLength,
      sealedBytes: sealed.byteLength,
      count,
      sealUs,
      openAndParseUs: openUs,
      messagesPerSecond: Math.round(1e6 / (sealUs + openUs)),
      rounds,
    });
  }
  return results;
}
