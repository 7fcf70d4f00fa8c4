// Section 9b: what encryption costs sync (docs/decisions/0010), measured in one run with
// and without it, on the same two devices (two Chromium profiles) and nats-server:
//   (a) A→B latency, as section 9 measures it, in interleaved blocks: both devices hold the
//       journal key (the same secret, put in each device's key store through the bench
//       hook, as pairing would leave it) or none, so load on the machine falls on both;
//   (b) catch-up of 10,000 operations while B was offline, published plain and then
//       sealed (with the app's own seal and subject tokens, loaded in Node by Vite), with
//       A's browser closed so only B works.
// The seal + open figures per message are section 9c (measure-seal.mjs).
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { withAppModules } from './app-modules.mjs';
import {
  measureCatchUp,
  measureLatency,
  openDevice,
  readRow,
  startSyncServer,
} from './measure-sync.mjs';

const BLOCK_WARMUP = 2;
const MODES = ['plain', 'sealed'];

function hex(bytes) {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function holdKey(devices, secretHex) {
  for (const device of devices)
    await device.page.evaluate(
      (secret) => window.__countersignBench.setJournalSecret(secret),
      secretHex,
    );
}

/** Waits until both devices' cursors passed the newest operation on the server. */
async function settled(devices, natsUrl, lease) {
  const connection = await connect({ servers: natsUrl, user: lease.user, pass: lease.password });
  try {
    const jsm = await jetstreamManager(connection, { timeout: 10_000 });
    const stream = `CS_${lease.user.toUpperCase().replaceAll('-', '_')}`;
    const last = await jsm.direct.getMessage(stream, { last_by_subj: `cs.${lease.user}.ops.>` });
    for (const device of devices) {
      for (const deadline = Date.now() + 30_000; ;) {
        const cursor = (await readRow(device.page, 'syncState', 'cursor'))?.value ?? 0;
        if (cursor >= last.seq) break;
        if (Date.now() > deadline)
          throw new Error(`a device's cursor stayed at ${cursor} of ${last.seq}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await connection.close();
  }
}

async function quarantined(device) {
  return device.page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result
            .transaction('syncQuarantine')
            .objectStore('syncQuarantine')
            .count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

export async function measurePrivateSync({ baseUrl, changes = 50, blocks = 5, catchUp = 10_000 }) {
  return withAppModules(async (load) => {
    const { deriveJournalKey, newJournalSecret } = await load('/src/sync/seal/journal-key.ts');
    const { keyRing } = await load('/src/sync/seal/key-ring.ts');
    const { seal } = await load('/src/sync/seal/seal.ts');
    const { subjectToken } = await load('/src/sync/seal/subject-token.ts');
    const secret = newJournalSecret();
    const key = await deriveJournalKey(secret);
    const ring = keyRing([key]);

    const server = await startSyncServer();
    const devices = [];
    try {
      while (devices.length < 2) devices.push(await openDevice(baseUrl, server.lease));
      const [a, b] = devices;
      const latency = { plain: [], sealed: [] };
      const perBlock = Math.ceil(changes / blocks);
      for (let block = 0; block < blocks; block++) {
        // Alternate which mode goes first, so a trend on the machine lands on both.
        const order = block % 2 === 0 ? MODES : [...MODES].reverse();
        for (const mode of order) {
          await holdKey(devices, mode === 'sealed' ? hex(secret) : null);
          latency[mode].push(...(await measureLatency(a, b, perBlock, BLOCK_WARMUP)));
          await settled(devices, server.natsUrl, server.lease);
        }
      }
      const quarantinedAfterLatency = await Promise.all(devices.map(quarantined));

      // Catch-up: only B works, plain then sealed.
      await a.browser.close();
      devices.shift();
      await holdKey([b], null);
      const plain = await measureCatchUp(b, server.natsUrl, server.lease, catchUp, {
        prefix: 'plain',
      });
      await holdKey([b], hex(secret));
      const user = server.lease.user;
      const sealed = await measureCatchUp(b, server.natsUrl, server.lease, catchUp, {
        prefix: 'sealed',
        wrap: async ({ token, data }) => {
          const subjectTokenOf = await subjectToken(key, token);
          return {
            token: subjectTokenOf,
            data: await seal(`cs.${user}.ops.${subjectTokenOf}`, ring, data),
          };
        },
      });
      const quarantinedAfterCatchUp = await quarantined(b);
      return {
        changes: latency.plain.length,
        blocks,
        latency,
        catchUp: { plain, sealed },
        quarantined: {
          afterLatency: quarantinedAfterLatency,
          afterCatchUp: quarantinedAfterCatchUp,
        },
      };
    } finally {
      await Promise.all(devices.map((device) => device.browser.close()));
      await server.stop();
    }
  });
}
