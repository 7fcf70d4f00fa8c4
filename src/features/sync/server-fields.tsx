/** The server address and user name of a journal on a sync server: connecting, or recovering by phrase. */
import { Field } from '../../ui/field';

export interface ServerFieldsProps {
  url: string;
  user: string;
  onUrl: (url: string) => void;
  onUser: (user: string) => void;
  errors?: { url?: string | undefined; user?: string | undefined };
}

export function ServerFields({ url, user, onUrl, onUser, errors = {} }: ServerFieldsProps) {
  return (
    <>
      <Field
        label="Server address"
        error={errors.url}
        hint="For example wss://sync.example.org (ws://127.0.0.1:9222 for npm run sync-server)."
      >
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(event) => onUrl(event.target.value)}
        />
      </Field>
      <Field label="User name" error={errors.user} hint="Your journal's name on the server.">
        <input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={user}
          onChange={(event) => onUser(event.target.value)}
        />
      </Field>
    </>
  );
}
