// The largest audit row a hostile wake leaves (docs/decisions/0003) on its own, without a
// browser or a build: `node scripts/bench-hostile-wake-audit.mjs`. Runs
// bench/page/hostile-wake-audit.ts's hostile wake in Node (Vite loads the TypeScript) on a
// fake-indexeddb database and prints the largest audit row it left. `npm run bench` measures the same in Chromium (section 7).
import 'fake-indexeddb/auto';
import { withAppModules } from './bench/app-modules.mjs';
import { hostileWakeAuditPart } from './bench/sections.mjs';

await withAppModules(async (load) => {
  const { CountersignDatabase } = await load('/src/db/database.ts');
  const { measureHostileWakeAudit } = await load('/bench/page/hostile-wake-audit.ts');
  const db = new CountersignDatabase(`hostile-wake-${Date.now()}`);
  try {
    const measured = await measureHostileWakeAudit(db);
    const { rows, notes } = hostileWakeAuditPart(measured);
    for (const row of rows)
      console.log(
        `${row.figure}: ${row.median.toLocaleString('en-US')} ${row.unit}${row.target ? ` (target ${row.target}: ${row.meetsTarget ? 'met' : 'NOT met'})` : ''}${row.versus ? ` (${row.versus})` : ''}`,
      );
    for (const note of notes) console.log(`  ${note}`);
  } finally {
    await db.delete();
  }
});
