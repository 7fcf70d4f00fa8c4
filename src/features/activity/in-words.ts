/**
 * A tool's summary is an instruction ("Set estimate to 90 minutes", `Check off: "Milk"`).
 * The trail says what someone did, so its leading verb is turned into the past ("You set
 * estimate to 90 minutes") or an infinitive ("tried to set …"). A summary that starts
 * with no verb known here is left as it is, after a colon: never a wrong sentence.
 */
const PAST: ReadonlyMap<string, string> = new Map([
  ['Add', 'added'],
  ['Allow', 'allowed'],
  ['Archive', 'archived'],
  ['Assign', 'assigned'],
  ['Change', 'changed'],
  ['Check off', 'checked off'],
  ['Clear', 'cleared'],
  ['Create', 'created'],
  ['Delete', 'deleted'],
  ['Edit', 'edited'],
  ['Import', 'imported'],
  ['Make', 'made'],
  ['Move', 'moved'],
  ['Record', 'recorded'],
  ['Set', 'set'],
  ['Stop', 'stopped'],
  ['Uncheck', 'unchecked'],
  ['Update', 'updated'],
  ['Write', 'wrote'],
]);

/** The summary's leading verb and what follows it (a colon right after the verb dropped). */
function split(summary: string): { verb: string; rest: string } | undefined {
  for (const verb of PAST.keys()) {
    if (!summary.startsWith(verb)) continue;
    const after = summary.slice(verb.length);
    if (after === '' || after.startsWith(' ')) return { verb, rest: after };
    if (after.startsWith(': ')) return { verb, rest: after.slice(1) };
    if (after.startsWith(',')) return { verb, rest: after };
  }
  return undefined;
}

/** "Set estimate to 90 minutes" said by `who`: "You set estimate to 90 minutes". */
export function didThis(who: string, summary: string): string {
  const parts = split(summary);
  return parts ? `${who} ${PAST.get(parts.verb)!}${parts.rest}` : `${who}: ${summary}`;
}

/** An attempt that did not happen: "You tried to set estimate to 5000 minutes". */
export function triedThis(who: string, summary: string): string {
  const parts = split(summary);
  return parts
    ? `${who} tried to ${parts.verb.toLowerCase()}${parts.rest}`
    : `${who} tried: ${summary}`;
}

/** At most `length` characters, cut at a word where one is near, with an ellipsis. */
export function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > length * 0.6 ? cut.slice(0, space) : cut}…`;
}
