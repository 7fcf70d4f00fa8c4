/**
 * This build of the app: the package version and when it was built (vite.config.ts), so
 * every update is a new one. Sync reads its quarantine again when it changes.
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
