/** Section 13d: the page's wakes use the same model as the wake in Node (the scripted server). */
import { saveProviderSettings } from '../../src/db/agent-settings';
import { getDatabase } from '../../src/db/connection';
import type { ProviderSettings } from '../../src/domain/provider-settings';

export async function chooseProvider(settings: ProviderSettings): Promise<void> {
  await saveProviderSettings(getDatabase(), settings);
}
