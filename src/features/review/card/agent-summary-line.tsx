/**
 * The agent's one-line summary over its proposals: two lines, kept whether it says one or
 * none yet (it arrives with the report, after the proposals under it), so nothing below
 * moves when it comes. On a narrow screen two lines may not hold it: then a "More" button
 * beside it opens the whole of it, which moves the rows only because the person asked.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function AgentSummaryLine({ text }: { text: string | undefined }) {
  const line = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const element = line.current;
    if (!element || open) return;
    // Measured before paint, so the button is there in the first frame that shows the text.
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className="review-card__why-row">
      <p ref={line} className={`review-card__why${open ? ' review-card__why--open' : ''}`}>
        {text && (
          <>
            <span className="visually-hidden">The agent’s summary: </span>
            {text}
          </>
        )}
      </p>
      {text && (cut || open) && (
        <button
          type="button"
          className="review-card__more"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {/* The name starts with the words shown, as speech input expects. */}
          {open ? 'Less' : 'More'} <span className="visually-hidden">of the agent’s summary</span>
        </button>
      )}
    </div>
  );
}
