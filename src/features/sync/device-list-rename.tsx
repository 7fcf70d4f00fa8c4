/** Renaming a device of the journal in place: its name checked as the record's schema checks it. */
import { useState, type FormEvent } from 'react';
import { getDatabase } from '../../db/connection';
import type { Device } from '../../domain/device';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';

export function DeviceRename({ device, onDone }: { device: Device; onDone: () => void }) {
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    // Loaded when used: it brings the dispatcher's write path.
    const { renameDevice } = await import('../../sync/devices/device-records');
    const renamed = await renameDevice(getDatabase(), device.id, name);
    setSaving(false);
    if (renamed.ok) onDone();
    else setError(renamed.words);
  };

  return (
    <form className="stack device-list__rename" onSubmit={(event) => void save(event)}>
      <Field label={`New name for ${device.name}`} error={error}>
        <input
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <div className="row">
        <Button type="submit" variant="primary" aria-disabled={saving || undefined}>
          Save name
        </Button>
        <Button variant="quiet" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
