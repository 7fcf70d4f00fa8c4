/**
 * The server, user and password or token of this device's sync. Kept in the device-local
 * settings (never exported, never synced). Connect saves them and starts sync; Disconnect
 * stops it and keeps them for next time.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { readSyncConfig, writeSyncConfig, type StoredSyncConfig } from '../../db/sync-connection';
import { withoutCredentials } from '../../lib/without-credentials';
import { browserAddressProblem, syncConfigSchema } from '../../sync/runtime/sync-config';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { ServerFields } from './server-fields';

type Errors = Partial<Record<'url' | 'user' | 'secret', string>>;

export function SyncConnectionForm() {
  const stored = useLiveQuery(() => readSyncConfig(getDatabase()), []) as
    StoredSyncConfig | undefined;
  // Remounted once the stored settings are read, so the form starts from them.
  return <ConnectionForm key={stored ? 'stored' : 'empty'} stored={stored} />;
}

function ConnectionForm({ stored }: { stored: StoredSyncConfig | undefined }) {
  // Shown without credentials typed into it; saved unchanged, it keeps them.
  const shownUrl = withoutCredentials(stored?.url ?? '');
  const [url, setUrl] = useState(shownUrl);
  const [user, setUser] = useState(stored?.user ?? '');
  const [kind, setKind] = useState<'password' | 'token'>(stored?.secret.kind ?? 'password');
  const [secret, setSecret] = useState(
    stored?.secret.kind === 'token' ? stored.secret.token : (stored?.secret.password ?? ''),
  );
  const [errors, setErrors] = useState<Errors>({});
  const enabled = stored?.enabled === true;
  const headingId = useId();

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      url: stored && url === shownUrl ? stored.url : url,
      user,
      secret: kind === 'token' ? { kind, token: secret } : { kind, password: secret },
      enabled: true,
    };
    const parsed = syncConfigSchema.safeParse(candidate);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'secret' ? 'secret' : (issue.path[0] as keyof Errors);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const addressProblem = browserAddressProblem(parsed.data.url);
    if (addressProblem) {
      setErrors({ url: addressProblem });
      return;
    }
    setErrors({});
    await writeSyncConfig(getDatabase(), parsed.data);
  };

  const disconnect = async () => {
    if (stored) await writeSyncConfig(getDatabase(), { ...stored, enabled: false });
  };

  return (
    <form className="stack" aria-labelledby={headingId} onSubmit={(event) => void connect(event)}>
      <h3 id={headingId}>Sync server</h3>
      {stored?.unreadable && (
        <p role="status">
          This device could not open the saved server address and password: the key that encrypts
          them here was cleared with the site&apos;s data. Type them again and press Connect.
        </p>
      )}
      <ServerFields
        url={url}
        user={user}
        onUrl={setUrl}
        onUser={setUser}
        errors={{ url: errors.url, user: errors.user }}
      />
      <fieldset className="stack">
        <legend>Sign in with</legend>
        <label className="row">
          <input
            type="radio"
            name="sync-secret-kind"
            checked={kind === 'password'}
            onChange={() => setKind('password')}
          />
          A password
        </label>
        <label className="row">
          <input
            type="radio"
            name="sync-secret-kind"
            checked={kind === 'token'}
            onChange={() => setKind('token')}
          />
          A token
        </label>
      </fieldset>
      <Field
        label={kind === 'token' ? 'Token' : 'Password'}
        error={errors.secret}
        hint="Kept encrypted on this device only: never exported, never synced."
      >
        <input
          type="password"
          autoComplete={kind === 'token' ? 'off' : 'current-password'}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      </Field>
      <div className="row">
        <Button type="submit" variant="primary">
          {enabled ? 'Save and reconnect' : 'Connect'}
        </Button>
        {enabled && <Button onClick={() => void disconnect()}>Disconnect</Button>}
      </div>
    </form>
  );
}
