/** What a save said: "Saved: …" announced politely, or why not as an alert at the setting. */
export interface SaveOutcome {
  ok: boolean;
  message: string;
}

export function SaveStatus({ status }: { status: SaveOutcome | undefined }) {
  return (
    <>
      <p className="agent-settings__status" role="status">
        {status?.ok && status.message}
      </p>
      {status && !status.ok && (
        <p className="field__error" role="alert">
          {status.message}
        </p>
      )}
    </>
  );
}
