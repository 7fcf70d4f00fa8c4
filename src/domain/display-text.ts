/**
 * Characters a title must not hold: C0 and C1 control characters, and the invisible
 * direction marks, embeddings, overrides and isolates (U+200E/F, U+061C, U+202A-202E,
 * U+2066-2069). An override can make a title display reversed ("invoice\u202Egnp.exe" shows
 * as "invoiceexe.png"), and a control character can break a line or hide text.
 *
 * Two ways to treat them, decided per path:
 * - what a model or a person types (tool arguments) is refused with a sentence saying why,
 *   so the sender learns to send plain text (`refuseHiddenCharacters`);
 * - a row that is already data (an import, another device's row, the stored row schemas)
 *   is cleaned (`stripHiddenCharacters`), so a file with one odd title still loads.
 */
import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /[\t\n\r\u000b\u000c\u0085]+/g;

const HIDDEN_CHARACTERS_MESSAGE =
  'A title cannot contain control characters or invisible direction marks (such as U+202E, which makes text display reversed). Send the title as plain text on one line.';

function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text);
}

/** Line breaks and tabs become one space; every other hidden character is removed. */
function stripHiddenCharacters(text: string): string {
  if (!hasHiddenCharacters(text)) return text;
  return text.replace(LINE_BREAKS, ' ').replace(HIDDEN, '');
}

/** For tool arguments: refuses a title with hidden characters, with the sentence that teaches. */
export function refuseHiddenCharacters<Schema extends z.ZodType<string>>(schema: Schema) {
  return schema.refine((text) => !hasHiddenCharacters(text), {
    error: HIDDEN_CHARACTERS_MESSAGE,
  });
}

// The same characters, less the line breaks and tabs that text of several lines may hold.
const HIDDEN_IN_LINES =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * For a model's text of one line or of several (its report, an observation): refused like
 * a title, with a sentence that names the field. Several lines keep their line breaks and
 * tabs; everything else hidden is refused.
 */
export function refuseHiddenCharactersIn<Schema extends z.ZodType<string>>(
  schema: Schema,
  field: string,
  shape: 'one line' | 'lines',
) {
  const oneLine = shape === 'one line';
  return schema.refine(
    (text) => (oneLine ? !hasHiddenCharacters(text) : !HIDDEN_IN_LINES.test(text)),
    {
      error: `"${field}" cannot contain control characters or invisible direction marks (such as U+202E, which makes text display reversed). Send it as plain text${oneLine ? ' on one line' : ''}.`,
    },
  );
}

/** For stored rows: a title of at most `max` characters, hidden characters removed. */
export function storedTitleSchema(max: number, message?: string) {
  return z
    .string()
    .max(max, message ?? `A title is at most ${max} characters.`)
    .transform(stripHiddenCharacters);
}
