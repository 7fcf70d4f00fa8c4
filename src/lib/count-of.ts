/** A count with its noun: "1 task", "3 tasks", "5,000 changes" (pass the plural when it is not +s). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
