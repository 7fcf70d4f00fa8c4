// Sections 2 and 3: how long after navigation start a fresh page shows real content.
// The probe is installed with addInitScript, so it runs before any app code and its
// clock (performance.now()) starts at the navigation, like a person's wait does.

/**
 * Runs in the page before the app. Watches every DOM change and records when the content
 * first exists, then when the frame holding it has been produced (rAF, then a message:
 * the message is handled after that frame's rendering work).
 */
function installRenderProbe(probe) {
  const result = { detectedAt: null, afterFrameAt: null, atDetection: null, afterFrame: null };
  window.__benchRender = result;
  const inspect = () => {
    if (probe.kind === 'task-links') {
      return { taskLinks: document.querySelectorAll('a[href^="/tasks/"]').length };
    }
    const text = document.body ? document.body.textContent : '';
    return {
      target: text.includes(probe.text),
      snippetsPresent: probe.allSnippets.filter((snippet) => text.includes(snippet)).length,
    };
  };
  const found = (state) => (probe.kind === 'task-links' ? state.taskLinks > 0 : state.target);
  const observer = new MutationObserver(() => {
    if (result.detectedAt !== null) return;
    const state = inspect();
    if (!found(state)) return;
    result.detectedAt = performance.now();
    result.atDetection = state;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        result.afterFrameAt = performance.now();
        result.afterFrame = inspect();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** One navigation in a fresh page; resolves with the probe's figures or throws, saying what was on screen. */
async function measureNavigation(context, path, probe, timeoutMs) {
  const page = await context.newPage();
  try {
    await page.addInitScript(installRenderProbe, probe);
    await page.goto(path, { waitUntil: 'commit' });
    try {
      // Polling every 50 ms, not every frame: the waiting must not compete with the app.
      await page.waitForFunction(() => window.__benchRender?.afterFrameAt != null, null, {
        timeout: timeoutMs,
        polling: 50,
      });
    } catch {
      const onScreen = await page
        .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').trim().slice(0, 160))
        .catch(() => '(page unreadable)');
      throw new Error(
        `nothing matching ${describeProbe(probe)} after ${timeoutMs} ms on ${path}; the page showed: "${onScreen}"`,
      );
    }
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        ...window.__benchRender,
        domContentLoadedAt: navigation?.domContentLoadedEventEnd ?? null,
      };
    });
  } finally {
    await page.close();
    // Let the closed renderer wind down so it does not steal a core from the next run.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function describeProbe(probe) {
  return probe.kind === 'task-links'
    ? 'a task row (a link whose href starts with /tasks/)'
    : `the seeded entry text "${probe.text}"`;
}

/** The content each kind of navigation waits for. */
const TARGETS = {
  // The floor: a route that reads no journal data (the not-found page), until its text shows.
  appStart: () => ({
    path: '/bench-quiet-page',
    probe: { kind: 'text', text: 'There is nothing at this address', allSnippets: [] },
  }),
  // Section 2: the task list at `/`.
  taskList: () => ({ path: '/', probe: { kind: 'task-links' } }),
  // Section 3: a different seeded task each round (each read starts cold for that task).
  taskPage: (round, { probeTasks }) => taskPageTarget(probeTasks[round]),
  // …and on long journals, 200 entries and 2,000: a different task of each each round.
  taskPageJournal: (round, { longJournals }) =>
    longJournals ? taskPageTarget(longJournals.oneX[round]) : null,
  taskPageJournalTenX: (round, { longJournals }) =>
    longJournals ? taskPageTarget(longJournals.tenX[round]) : null,
};

function taskPageTarget(task) {
  return {
    path: `/tasks/${task.id}`,
    probe: { kind: 'text', text: task.entrySnippets[0], allSnippets: task.entrySnippets },
    details: {
      taskId: task.id,
      entryCount: task.entryCount,
      checklistCount: task.checklistCount,
    },
  };
}

/**
 * Sections 2 and 3 with their floor, in rounds: each round navigates to the quiet route,
 * the task list and a task page, so a burst of load on the machine hits the figure and its
 * floor alike. The first `warmup` rounds are discarded. A kind that fails once (say, the
 * list is still a placeholder) is dropped with its reason; the others carry on.
 */
export async function measureRenderRounds(
  context,
  probeTasks,
  { rounds = 5, warmup = 1, timeoutMs = 15_000, longJournals } = {},
) {
  if (probeTasks.length < warmup + rounds) throw new Error('not enough probe tasks were seeded');
  if (longJournals && longJournals.tenX.length < warmup + rounds)
    throw new Error('not enough long journals were seeded');
  const results = Object.fromEntries(
    Object.keys(TARGETS).map((kind) => [kind, { samples: [], error: undefined }]),
  );
  for (let round = 0; round < warmup + rounds; round++) {
    for (const [kind, target] of Object.entries(TARGETS)) {
      const result = results[kind];
      if (result.error) continue;
      const planned = target(round, { probeTasks, longJournals });
      if (!planned) continue;
      const { path, probe, details } = planned;
      try {
        const figures = await measureNavigation(context, path, probe, timeoutMs);
        if (round >= warmup) result.samples.push({ ...figures, ...details });
      } catch (error) {
        result.error = error;
      }
    }
  }
  return results;
}

/**
 * The curve's render figures: the floor and the task list in each of several browsers (1×
 * and the large size), round by round, alternating which goes first, so load on the
 * machine lands on both sizes alike. `sizes` is `[{ context, probeTasks }, …]`; resolves
 * with one `{ appStart, taskList }` (as measureRenderRounds) per size.
 */
export async function measureRenderCurve(
  sizes,
  { rounds = 7, warmup = 1, timeoutMs = 15_000 } = {},
) {
  const kinds = ['appStart', 'taskList'];
  const results = sizes.map(() =>
    Object.fromEntries(kinds.map((kind) => [kind, { samples: [], error: undefined }])),
  );
  for (let round = 0; round < warmup + rounds; round++) {
    for (let turn = 0; turn < sizes.length; turn++) {
      const index = (round + turn) % sizes.length;
      const { context, probeTasks } = sizes[index];
      for (const kind of kinds) {
        const result = results[index][kind];
        if (result.error) continue;
        const { path, probe } = TARGETS[kind](round, { probeTasks });
        try {
          const figures = await measureNavigation(context, path, probe, timeoutMs);
          if (round >= warmup) result.samples.push(figures);
        } catch (error) {
          result.error = error;
        }
      }
    }
  }
  return results;
}
