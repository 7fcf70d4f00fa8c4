/** Where a long import or undo is, for the line Settings shows while it runs. */
export interface ImportProgress {
  phase: 'checking' | 'importing' | 'undoing';
  done: number;
  total: number;
}

const PHASE_WORDS: Record<ImportProgress['phase'], string> = {
  checking: 'Checking the file…',
  importing: 'Importing…',
  undoing: 'Undoing the import…',
};

/** `Importing… 40,000 of 100,000 rows` */
export function describeProgress({ phase, done, total }: ImportProgress): string {
  return `${PHASE_WORDS[phase]} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;
}
