/** A length of time in minutes for people: "45 min", "2 h", "1 h 30 min"; "none" when unset. */
export function formatMinutes(minutes: number | undefined): string {
  if (minutes === undefined) return 'none';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
