/**
 * Section 11: importing 100,000 rows through Settings → Export and import, as a person
 * does it (the Node side hands the file to the real file input). The page records its
 * own long tasks from the file's `change` event until the success notice shows, and the
 * progress lines it showed on the way; the same again for "Undo import".
 */
export interface ImportLog {
  /** From the file input's change event (or the Undo tap) to the outcome on screen. */
  wallMs: number;
  /** Main-thread tasks over 50 ms in that window, in ms. */
  longTasks: number[];
  /** A few of the progress lines shown ("Importing… 40,000 of 100,000 rows"). */
  progressLines: string[];
  outcome: string;
  /** The longest animation frames' longest scripts: where the time went. */
  longestFrames: { duration: number; scripts: string[] }[];
}

interface ScriptTiming extends PerformanceEntry {
  invoker: string;
  sourceFunctionName: string;
  sourceURL: string;
}

interface Log {
  startedAt: number | undefined;
  entries: PerformanceEntry[];
  observer: PerformanceObserver;
  frames: PerformanceEntry[];
  frameObserver: PerformanceObserver;
  progress: MutationObserver;
  lines: Set<string>;
  stopStart: () => void;
}

let log: Log | undefined;

/** Starts recording; the window opens at the next file choice or click on the page. */
export function startImportLog(): void {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const frames: PerformanceEntry[] = [];
  const frameObserver = new PerformanceObserver((list) => frames.push(...list.getEntries()));
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
    frameObserver.observe({ type: 'long-animation-frame', buffered: false });
  const lines = new Set<string>();
  const progress = new MutationObserver(() => {
    const line = document.querySelector('.settings__progress')?.textContent ?? '';
    if (line) lines.add(line);
  });
  progress.observe(document.body, { subtree: true, childList: true, characterData: true });
  const current: Log = {
    startedAt: undefined,
    entries,
    observer,
    frames,
    frameObserver,
    progress,
    lines,
    stopStart: () => undefined,
  };
  const start = () => {
    current.startedAt ??= performance.now();
  };
  document.addEventListener('change', start, { capture: true });
  document.addEventListener('click', start, { capture: true });
  current.stopStart = () => {
    document.removeEventListener('change', start, { capture: true });
    document.removeEventListener('click', start, { capture: true });
  };
  log = current;
}

/** Ends the window once `done` text is on screen; returns what was recorded. */
export async function takeImportLog({ done }: { done: string }): Promise<ImportLog> {
  const current = log;
  if (!current) throw new Error('startImportLog() was not called');
  const doneOn = () =>
    [...document.querySelectorAll('[role="status"], [role="alert"]')].find(
      (node) => node.textContent?.includes(done) || node.getAttribute('role') === 'alert',
    );
  while (!doneOn()) await new Promise((resolve) => requestAnimationFrame(resolve));
  const endedAt = performance.now();
  current.entries.push(...current.observer.takeRecords());
  current.observer.disconnect();
  current.frames.push(...current.frameObserver.takeRecords());
  current.frameObserver.disconnect();
  current.progress.disconnect();
  current.stopStart();
  log = undefined;
  const startedAt = current.startedAt ?? endedAt;
  const lines = [...current.lines];
  return {
    wallMs: endedAt - startedAt,
    longTasks: current.entries
      .filter((entry) => entry.startTime >= startedAt)
      .map((entry) => entry.duration),
    progressLines: [lines[0], lines[Math.floor(lines.length / 2)], lines.at(-1)].filter(
      (line): line is string => line !== undefined,
    ),
    outcome: doneOn()?.textContent ?? '',
    longestFrames: current.frames
      .filter((frame) => frame.startTime >= startedAt)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((frame) => ({
        duration: Math.round(frame.duration),
        scripts: [...((frame as unknown as { scripts?: ScriptTiming[] }).scripts ?? [])]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 2)
          .map(
            (script) =>
              `${Math.round(script.duration)} ms ${script.invoker} ${script.sourceFunctionName} ${script.sourceURL.split('/').pop() ?? ''}`,
          ),
      })),
  };
}
