/**
 * What the audit trail keeps of anything a model sent: bounded, so no input can make a
 * large row. dispatch() and the wake's own audit both clip through here
 * (docs/decisions/0003: every call leaves a record; a 1 MB tool name once made a 2.1 MB row).
 */

/** Longest text kept of one value (arguments, a name, a summary), in characters. */
const CLIP_MAX = 2_000;

/** Text cut to `max` characters, saying how long it was. */
export function clipText(text: string, max = CLIP_MAX): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/**
 * Arguments as recorded: the value itself when its JSON is short, else the start of its
 * JSON. A value JSON cannot write (too deep, circular) is never stored as it is: storing
 * it would walk it again.
 */
export function clip(value: unknown): unknown {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch (error) {
    return `(arguments that cannot be written as JSON: ${error instanceof Error ? error.name : 'error'})`;
  }
  return text.length > CLIP_MAX ? clipText(text) : value;
}
