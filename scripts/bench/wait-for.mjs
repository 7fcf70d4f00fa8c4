// Polls until `condition` resolves to something truthy, and resolves with it; names what it
// waited for when it gives up. Shared by the sections that wait on devices and processes.
export async function waitFor(what, condition, { timeoutMs = 600_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
