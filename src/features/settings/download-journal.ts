/** `countersign-journal-YYYY-MM-DD.json`, dated in the person's own time zone. */
export function journalFileName(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `countersign-journal-${day}.json`;
}

/** Hands the export to the browser as a file download; returns the file name used. */
export function downloadJournal(blob: Blob, date: Date = new Date()): string {
  const fileName = journalFileName(date);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; revoke once it has begun.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
