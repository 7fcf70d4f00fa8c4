// Types for find-nats-server.mjs (plain JavaScript so Node runs it without a build).
export const NATS_SERVER_MISSING: string;
export function findNatsServer(): string | undefined;
export function installNatsServer(options?: { quiet?: boolean }): string | undefined;
export function ensureNatsServer(): string | undefined;
