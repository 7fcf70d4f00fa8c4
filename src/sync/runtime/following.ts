/**
 * Whether the runtime follows the stream now (connected, its snapshot bootstrap done and
 * its feed open). What a person asks for right after a page opens (Write a snapshot now)
 * waits for that, for a while, instead of failing while the connection is still being made.
 */
export interface Following {
  started(): void;
  ended(): void;
  /** Resolves once the runtime follows the stream, or after `ms`, whichever comes first. */
  reached(ms: number): Promise<void>;
}

export function followingSignal(): Following {
  let now = false;
  let resolve: () => void = () => undefined;
  let next = new Promise<void>((done) => (resolve = done));
  return {
    started() {
      now = true;
      resolve();
    },
    ended() {
      if (!now) return;
      now = false;
      next = new Promise<void>((done) => (resolve = done));
    },
    reached(ms) {
      if (now) return Promise.resolve();
      const waited = next;
      return new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        void waited.then(() => {
          clearTimeout(timer);
          done();
        });
      });
    },
  };
}
