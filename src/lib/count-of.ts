/** A count with its noun: "1 task", "3 tasks", "2 entries" (pass the plural when it is not +s). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
