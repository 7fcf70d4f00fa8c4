// `npm run agent-device -- [flags]`: an agent device on your journal (README, "The agent
// device"). Vite loads the app's TypeScript as it does for `npm run eval`; fake-indexeddb
// is its in-memory store, and Node's NATS client reaches the sync server.
import 'fake-indexeddb/auto';
import { connect } from '@nats-io/transport-node';
import { runCli } from './run-cli.mjs';

await runCli('/src/agent-device/agent-device-cli.ts', process.argv.slice(2), connect);
