// Which progress reports the operator's compaction counts. The job holds no journal key,
// so it cannot read the journal's device list; it reads what each device publishes in
// clear from its own record (src/sync/devices/signer-notices.ts): its public signing key
// on `cs.<user>.signers.<device id>`, signed with that key (the first message there stands
// for good), and `….signers.<id>.removed`, signed by the device that removed it. A report
// counts only when the device its subject names signed it with that key and was not
// removed. The signature format is src/sync/seal/signed-message.ts's (version 1):
//   0xFE | 1 | device id length | device id | ECDSA P-256 signature (64) | body
// over the header, the subject (length first) and the body.
const SIGNED = 0xfe;
const SIGNATURE_BYTES = 64;
const DEVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };
const VERIFY = { name: 'ECDSA', hash: 'SHA-256' };

/** The signer and body of a signed message, or why it is not one. Never throws. */
export function readSigned(subject, bytes) {
  if (bytes[0] !== SIGNED) return { kind: 'unsigned' };
  const idEnd = 3 + (bytes[2] ?? 0);
  const deviceId = new TextDecoder().decode(bytes.subarray(3, idEnd));
  if (bytes[1] !== 1 || !DEVICE_ID.test(deviceId) || bytes.length < idEnd + SIGNATURE_BYTES) {
    return { kind: 'malformed' };
  }
  const subjectBytes = new TextEncoder().encode(subject);
  const body = bytes.slice(idEnd + SIGNATURE_BYTES);
  const signed = new Uint8Array(idEnd + 2 + subjectBytes.length + body.length);
  signed.set(bytes.subarray(0, idEnd));
  signed.set([subjectBytes.length >> 8, subjectBytes.length & 0xff], idEnd);
  signed.set(subjectBytes, idEnd + 2);
  signed.set(body, idEnd + 2 + subjectBytes.length);
  const signature = bytes.slice(idEnd, idEnd + SIGNATURE_BYTES);
  return {
    kind: 'signed',
    deviceId,
    body,
    verify: (key) => crypto.subtle.verify(VERIFY, key, signature, signed).catch(() => false),
  };
}

function json(bytes) {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

async function importSigningKey(jwk) {
  const { kty, crv, x, y } = jwk ?? {};
  if (kty !== 'EC' || crv !== 'P-256' || typeof x !== 'string' || typeof y !== 'string') {
    return undefined;
  }
  return crypto.subtle
    .importKey('jwk', { kty, crv, x, y }, ECDSA, false, ['verify'])
    .catch(() => undefined);
}

/**
 * The journal's signers as the stream announces them: device id → { key, removed }.
 * `messages` are the stored messages under `cs.<user>.signers.>` ({ subject, seq, data }).
 */
export async function announcedSigners(prefix, messages) {
  const signers = new Map();
  const base = `${prefix}.signers.`;
  const removals = [];
  for (const message of [...messages].sort((a, b) => a.seq - b.seq)) {
    const [id, ...rest] = message.subject.slice(base.length).split('.');
    const read = readSigned(message.subject, message.data);
    if (read.kind !== 'signed') continue;
    if (rest.length === 1 && rest[0] === 'removed') {
      removals.push({ id, read });
      continue;
    }
    if (rest.length > 0 || read.deviceId !== id || signers.has(id)) continue;
    const body = json(read.body);
    const key = body?.v === 1 ? await importSigningKey(body.signing) : undefined;
    if (key && (await read.verify(key))) signers.set(id, { key, removed: false });
  }
  // In stream order: a device already removed cannot remove another.
  for (const { id, read } of removals) {
    const by = signers.get(read.deviceId);
    if (!by || by.removed || read.deviceId === id || !signers.has(id)) continue;
    if (await read.verify(by.key)) signers.get(id).removed = true;
  }
  return signers;
}

/**
 * Whether a report on `subject` (naming `deviceId`) counts: 'counted', or why not:
 * 'unsigned', 'forged' (signed by another device, by a key that is not the announced one,
 * or by a device that announced none) or 'removed'.
 */
export async function judgeReport(signers, subject, deviceId, data) {
  const read = readSigned(subject, data);
  if (read.kind === 'unsigned') return 'unsigned';
  if (read.kind !== 'signed' || read.deviceId !== deviceId) return 'forged';
  const signer = signers.get(deviceId);
  if (!signer || !(await read.verify(signer.key))) return 'forged';
  return signer.removed ? 'removed' : 'counted';
}

/** "3 progress reports not counted: 1 unsigned, 2 forged", or undefined for none. */
export function ignoredWords(ignored) {
  const parts = [
    ignored.unsigned && `${ignored.unsigned} unsigned`,
    ignored.forged &&
      `${ignored.forged} forged (not signed by the device it names with its announced key)`,
    ignored.removed && `${ignored.removed} from a removed device`,
  ].filter(Boolean);
  const total = ignored.unsigned + ignored.forged + ignored.removed;
  if (total === 0) return undefined;
  return `${total} progress report${total === 1 ? '' : 's'} not counted: ${parts.join(', ')}`;
}
