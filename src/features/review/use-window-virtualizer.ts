/**
 * A small windowed list for a list the page itself scrolls (the Review inbox): only the
 * entries near the viewport are rendered, the rest are stand-in padding of their measured
 * (or estimated) height. Entries are measured with a ResizeObserver as they render, so
 * rows of any height work. Enough for thousands of rows; nothing here knows about review.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface VirtualEntry {
  key: string;
  /** Height to assume until the entry has been rendered and measured, in px. */
  estimate: number;
}

export interface VirtualWindow {
  /** Indexes of the entries to render, first to last. */
  start: number;
  end: number;
  paddingTop: number;
  paddingBottom: number;
}

/** Rendered beyond the viewport on each side, so a fast fling does not show blank space. */
const OVERSCAN_PX = 800;
/** Room left above an entry scrolled to (for the sticky header, if any). */
const SCROLL_MARGIN_PX = 96;

/** First index whose entry ends after `offset` (starts has one more element than entries). */
function firstEndingAfter(starts: Float64Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle + 1]! > offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

function fallbackHeight() {
  return typeof window === 'undefined' ? 800 : window.innerHeight || 800;
}

export function useWindowVirtualizer(entries: readonly VirtualEntry[]) {
  const listRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: fallbackHeight() });
  const [sizes, setSizes] = useState<ReadonlyMap<string, number>>(new Map());
  const measured = useRef(new Map<string, number>());
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef<number | undefined>(undefined);

  // Where each entry starts, from the list's top edge; the last element is the total height.
  const starts = useMemo(() => {
    const result = new Float64Array(entries.length + 1);
    entries.forEach((entry, index) => {
      result[index + 1] = result[index]! + (sizes.get(entry.key) ?? entry.estimate);
    });
    return result;
  }, [entries, sizes]);

  const readViewport = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const top = -list.getBoundingClientRect().top;
    const height = window.innerHeight || fallbackHeight();
    setViewport((previous) =>
      Math.abs(previous.top - top) < 1 && previous.height === height ? previous : { top, height },
    );
  }, []);

  useEffect(() => {
    let scheduled: number | undefined;
    const onScroll = () => {
      if (scheduled !== undefined) return;
      scheduled = requestAnimationFrame(() => {
        scheduled = undefined;
        readViewport();
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (scheduled !== undefined) cancelAnimationFrame(scheduled);
    };
  }, [readViewport]);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** Ref callback for each rendered entry's wrapper (which carries `data-virtual-key`). */
  const measureElement = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current ??= new ResizeObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        const key = target.dataset.virtualKey;
        const height = record.borderBoxSize?.[0]?.blockSize ?? target.offsetHeight;
        if (key !== undefined && height > 0) measured.current.set(key, height);
      }
      if (frame.current !== undefined) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = undefined;
        setSizes((previous) => {
          let changed = false;
          for (const [key, height] of measured.current) {
            if (Math.abs((previous.get(key) ?? -1) - height) >= 1) changed = true;
          }
          return changed ? new Map(measured.current) : previous;
        });
      });
    });
    const watcher = observer.current;
    watcher.observe(element);
    return () => watcher.unobserve(element);
  }, []);

  const range = useMemo<VirtualWindow>(() => {
    const count = entries.length;
    if (count === 0) return { start: 0, end: -1, paddingTop: 0, paddingBottom: 0 };
    const start = firstEndingAfter(starts, Math.max(0, viewport.top - OVERSCAN_PX));
    const end = Math.max(
      start,
      Math.min(count - 1, firstEndingAfter(starts, viewport.top + viewport.height + OVERSCAN_PX)),
    );
    return {
      start,
      end,
      paddingTop: starts[start]!,
      paddingBottom: starts[count]! - starts[end + 1]!,
    };
  }, [entries.length, starts, viewport]);

  /**
   * Brings an entry into the rendered window and scrolls the page to it. The window moves
   * at once, so the entry can be focused after the next render even before a scroll event.
   */
  const scrollToIndex = useCallback(
    (index: number) => {
      const list = listRef.current;
      if (!list || index < 0 || index >= entries.length) return;
      const offset = starts[index]!;
      const listTop = list.getBoundingClientRect().top + window.scrollY;
      setViewport((previous) => ({
        top: Math.max(0, offset - SCROLL_MARGIN_PX),
        height: previous.height,
      }));
      window.scrollTo({ top: Math.max(0, listTop + offset - SCROLL_MARGIN_PX) });
    },
    [entries.length, starts],
  );

  return { listRef, range, measureElement, scrollToIndex };
}
