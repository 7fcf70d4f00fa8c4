/** Where a long export, import or undo is, for the line Settings shows while it runs. */
export interface TransferProgress {
  phase: 'exporting' | 'checking' | 'importing' | 'undoing';
  done: number;
  total: number;
}

const PHASE_WORDS: Record<TransferProgress['phase'], string> = {
  exporting: 'Exporting…',
  checking: 'Checking the file…',
  importing: 'Importing…',
  undoing: 'Undoing the import…',
};

/** `Importing… 40,000 of 100,000 rows` */
export function describeProgress({ phase, done, total }: TransferProgress): string {
  return `${PHASE_WORDS[phase]} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;
}
