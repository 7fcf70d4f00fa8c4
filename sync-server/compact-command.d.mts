/** Runs the compaction command with these arguments; resolves to the exit code. */
export function runCompaction(argv: string[]): Promise<number>;
