// Loaded into the agent device's process by the bench (`node --expose-gc --import` this file):
// on "measure" over the IPC channel it collects garbage fully and answers with its heap and
// RSS, so the bench reads the device's own memory after a collection with no code of the
// device's for it. The channel does not keep the process alive: SIGTERM still ends it.
process.on('message', (message) => {
  if (message !== 'measure') return;
  globalThis.gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.send({ heapUsed, rss });
});
process.channel?.unref();
