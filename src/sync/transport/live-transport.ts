/**
 * Core NATS beside the stream: live messages (a wake's progress) that are sent to whoever
 * listens now and stored nowhere. Their subjects are outside the journal stream's filter.
 */
export interface LiveTransport {
  /** Sends at once, or throws when the connection is down (nothing is buffered for later). */
  publishLive(subject: string, data: Uint8Array): void;
  /** Every message on `subject` (wildcards allowed) until the returned function is called. */
  subscribeLive(
    subject: string,
    onMessage: (subject: string, data: Uint8Array) => void,
  ): () => void;
}
