/** Set by vite.config.ts's `define`; read through src/lib/app-version.ts. */
declare const __APP_VERSION__: string | undefined;
