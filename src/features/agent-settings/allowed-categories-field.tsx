/**
 * The agent's category allowlist, the same row the dispatcher enforces: a tick saves at
 * once, through the write path (audited, undoable, synced). Each tick names one category,
 * and saves run one after another, so two quick ticks never undo each other.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState } from 'react';
import { getDatabase } from '../../db/connection';
import { listAgentCategories } from '../../db/queries/agent';
import { userEdit } from '../../dispatcher/user-edit';
import { Notice } from '../../ui/notice';

export function AllowedCategoriesField() {
  const descriptionId = useId();
  const data = useLiveQuery(() => listAgentCategories(getDatabase()), []);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [status, setStatus] = useState<{ tone: 'saved' | 'error'; message: string }>();
  // What a tick asked for, until the saved list says the same: a controlled checkbox
  // would otherwise spring back until the save lands (and be announced unchecked).
  const [ticked, setTicked] = useState<Readonly<Record<string, boolean>>>({});

  const landed = Object.keys(ticked).filter(
    (id) => data?.allowedCategoryIds.includes(id) === ticked[id],
  );
  if (landed.length > 0) setTicked(without(ticked, landed));

  const toggle = (categoryId: string, name: string, allowed: boolean) => {
    setTicked((current) => ({ ...current, [categoryId]: allowed }));
    queue.current = queue.current.then(async () => {
      const result = await userEdit('allow_agent_category', { categoryId, allowed });
      if (result.success) {
        setStatus({
          tone: 'saved',
          message: allowed
            ? `Saved: the agent may act on tasks in "${name}".`
            : `Saved: the agent no longer acts on tasks in "${name}".`,
        });
      } else {
        setTicked((current) => without(current, [categoryId]));
        setStatus({ tone: 'error', message: `Not saved: ${result.output}` });
      }
    });
  };

  const allowedLive =
    data?.categories.filter((category) => data.allowedCategoryIds.includes(category.id)) ?? [];

  return (
    <fieldset className="agent-settings__group agent-categories" aria-describedby={descriptionId}>
      <legend>
        <h3>Categories the agent may act on</h3>
      </legend>
      <p id={descriptionId} className="muted agent-settings__note">
        The agent only works on tasks in the categories you tick. It never changes a task outside
        them, nor a task without a category.
      </p>
      {data === undefined ? (
        <p className="muted" aria-busy="true">
          Loading categories…
        </p>
      ) : data.categories.length === 0 ? (
        <Notice tone="warning">
          You have no categories yet, so the agent cannot act on any task. Add a category under
          Categories, then tick it here.
        </Notice>
      ) : (
        <>
          <ul className="agent-categories__list">
            {data.categories.map((category) => (
              <li key={category.id}>
                <label className="check-option">
                  <input
                    type="checkbox"
                    checked={ticked[category.id] ?? data.allowedCategoryIds.includes(category.id)}
                    onChange={(event) => toggle(category.id, category.name, event.target.checked)}
                  />
                  <span
                    className="agent-categories__swatch"
                    style={{ background: category.color }}
                    aria-hidden="true"
                  />
                  <span className="agent-categories__name">{category.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {allowedLive.length === 0 && (
            <Notice tone="warning">
              No category is ticked, so the agent cannot change any task. Tick at least one.
            </Notice>
          )}
        </>
      )}
      <p className="agent-settings__status" role="status">
        {status?.tone === 'saved' && status.message}
      </p>
      {status?.tone === 'error' && (
        <p className="field__error" role="alert">
          {status.message}
        </p>
      )}
    </fieldset>
  );
}

function without(
  ticked: Readonly<Record<string, boolean>>,
  ids: string[],
): Readonly<Record<string, boolean>> {
  return Object.fromEntries(Object.entries(ticked).filter(([id]) => !ids.includes(id)));
}
