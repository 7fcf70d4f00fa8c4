/**
 * Which model the agent uses: provider, base URL, model, API key. Save validates and
 * saves (it never calls the provider); Test connection tries what the form holds now,
 * saved or not, and says in words what happened.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { saveProviderSettings } from '../../db/agent-settings';
import { getDatabase } from '../../db/connection';
import {
  PROVIDER_KINDS,
  PROVIDER_LABELS,
  type ProviderKind,
  type ProviderSettings,
} from '../../domain/provider-settings';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { ApiKeyField } from './api-key-field';
import { ConnectionTest } from './connection-test';
import {
  DEFAULT_COMPATIBLE_BASE_URL,
  describeSavedProvider,
  draftFromSettings,
  MODEL_EXAMPLES,
  validateProviderDraft,
  type ProviderDraft,
  type ProviderField,
  type ProviderFormErrors,
} from './provider-form-rules';
import { Options } from '../../ui/options';

const MODEL_HINTS: Record<Exclude<ProviderKind, 'demo'>, string> = {
  'openai-compatible': `The model's name on your server, for example ${MODEL_EXAMPLES['openai-compatible']}. It must support tool calling.`,
  openai: `For example ${MODEL_EXAMPLES.openai}.`,
  anthropic: `For example ${MODEL_EXAMPLES.anthropic}.`,
};

const BASE_URL_PLACEHOLDERS: Record<ProviderKind, string> = {
  'openai-compatible': DEFAULT_COMPATIBLE_BASE_URL,
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  demo: '',
};

type SaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; message: string }
  | { state: 'failed'; message: string };

export function ProviderForm({ saved }: { saved: ProviderSettings | undefined }) {
  const headingId = useId();
  const customBaseId = useId();
  const [draft, setDraft] = useState<ProviderDraft>(() => draftFromSettings(saved));
  const [errors, setErrors] = useState<ProviderFormErrors>({});
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  // Bumped on every edit, so a test result about other values is not left showing.
  const [edits, setEdits] = useState(0);
  const kindRef = useRef<HTMLSelectElement>(null);
  const baseURLRef = useRef<HTMLInputElement>(null);
  const modelRef = useRef<HTMLInputElement>(null);
  const apiKeyRef = useRef<HTMLInputElement>(null);

  const change = <K extends keyof ProviderDraft>(key: K, value: ProviderDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setEdits((count) => count + 1);
    if (save.state !== 'saving') setSave({ state: 'idle' });
    // A closed "Custom base URL" is not used, so its mistake no longer matters.
    const fixed: ProviderField | undefined =
      key === 'customBaseURL' ? 'baseURL' : key in errors ? (key as ProviderField) : undefined;
    if (key === 'kind') setErrors({});
    else if (fixed) setErrors(({ [fixed]: _fixed, ...rest }) => rest);
  };

  /** The settings the form describes, or undefined after showing what is wrong at the fields. */
  const validated = (): ProviderSettings | undefined => {
    const result = validateProviderDraft(draft);
    if (result.ok) {
      setErrors({});
      return result.settings;
    }
    setErrors(result.errors);
    const first = (['kind', 'baseURL', 'model', 'apiKey'] as const).find(
      (field) => result.errors[field],
    );
    // After the render that shows the error.
    const refs = { kind: kindRef, baseURL: baseURLRef, model: modelRef, apiKey: apiKeyRef };
    if (first) setTimeout(() => refs[first].current?.focus());
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    const settings = validated();
    if (!settings) return;
    setSave({ state: 'saving' });
    try {
      await saveProviderSettings(getDatabase(), settings);
      setSave({
        state: 'saved',
        message: `Saved. The agent will use ${describeSavedProvider(settings)} on its next wake.`,
      });
    } catch (error) {
      setSave({
        state: 'failed',
        message: `Not saved: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const kind = draft.kind;
  const showsBaseURL =
    kind === 'openai-compatible' || (kind !== '' && kind !== 'demo' && draft.customBaseURL);
  const baseURLField = (
    <Field
      label="Base URL"
      error={errors.baseURL}
      hint={
        kind === 'openai-compatible'
          ? `The address of the server's OpenAI-style API, for example ${DEFAULT_COMPATIBLE_BASE_URL} for Ollama or http://localhost:1234/v1 for LM Studio.`
          : `Leave empty to use ${kind === 'anthropic' ? 'Anthropic' : 'OpenAI'}'s own address; set it for a proxy or gateway.`
      }
    >
      <input
        ref={baseURLRef}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required={kind === 'openai-compatible'}
        placeholder={BASE_URL_PLACEHOLDERS[kind === '' ? 'openai-compatible' : kind]}
        value={draft.baseURL}
        onChange={(event) => change('baseURL', event.target.value)}
      />
    </Field>
  );

  return (
    <form
      className="agent-settings__group agent-provider stack"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={headingId}>Language model</h3>
      <Field label="Provider" error={errors.kind}>
        <select
          ref={kindRef}
          value={kind}
          onChange={(event) => change('kind', event.target.value as ProviderKind)}
        >
          {kind === '' && <option value="">Choose…</option>}
          <Options items={PROVIDER_KINDS} label={(option) => PROVIDER_LABELS[option]} />
        </select>
      </Field>

      {kind === '' && (
        <p className="muted agent-settings__note">
          No model is set, so the agent cannot wake yet. Choose a provider to begin.
        </p>
      )}
      {kind === 'demo' && (
        <p className="muted agent-settings__note">
          The demo agent follows a script and calls no AI: it shows how proposals and review work,
          with no network and no key.
        </p>
      )}

      {kind === 'openai-compatible' && baseURLField}
      {(kind === 'openai' || kind === 'anthropic') && (
        <div className="agent-provider__custom">
          <Button
            variant="quiet"
            className="agent-disclosure"
            aria-expanded={draft.customBaseURL}
            aria-controls={customBaseId}
            onClick={() => change('customBaseURL', !draft.customBaseURL)}
          >
            <span aria-hidden="true" className="agent-disclosure__marker" />
            Custom base URL
          </Button>
          <div id={customBaseId} hidden={!showsBaseURL}>
            {showsBaseURL && baseURLField}
          </div>
        </div>
      )}

      {kind !== '' && kind !== 'demo' && (
        <>
          <Field label="Model" error={errors.model} hint={MODEL_HINTS[kind]}>
            <input
              ref={modelRef}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={draft.model}
              onChange={(event) => change('model', event.target.value)}
            />
          </Field>
          <ApiKeyField
            ref={apiKeyRef}
            label={kind === 'openai-compatible' ? 'API key (optional)' : 'API key'}
            required={kind !== 'openai-compatible'}
            value={draft.apiKey}
            error={errors.apiKey}
            onChange={(value) => change('apiKey', value)}
          />
        </>
      )}

      <div className="row agent-settings__actions">
        <Button
          type="submit"
          variant="primary"
          aria-disabled={save.state === 'saving' || undefined}
        >
          {save.state === 'saving' ? 'Saving…' : 'Save'}
        </Button>
        <ConnectionTest key={edits} validated={validated} />
      </div>
      <p className="agent-settings__status" role="status">
        {save.state === 'saved' && save.message}
      </p>
      {save.state === 'failed' && (
        <p className="field__error" role="alert">
          {save.message}
        </p>
      )}
    </form>
  );
}
