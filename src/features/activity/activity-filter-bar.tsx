import type { TaskName } from '../../db/queries/activity-audit';
import { Field } from '../../ui/field';
import {
  KIND_FILTERS,
  PERIOD_FILTERS,
  SOURCE_FILTERS,
  THIS_DEVICE,
  isKindFilter,
  isPeriodFilter,
  isSourceFilter,
  type ActivityFilters,
} from './activity-filters';

export interface ActivityFilterBarProps {
  filters: ActivityFilters;
  onChange(next: ActivityFilters): void;
  /** Live tasks, sorted by title. */
  tasks: readonly TaskName[];
  /** Names of tasks the trail mentions, for a `?task=` that is no longer live. */
  knownTasks: ReadonlyMap<string, TaskName>;
  /** The devices the shown page names, this one first. */
  devices: readonly { id: string; name: string }[];
}

/** Task, kind, source, device and period, each a select with a visible label. */
export function ActivityFilterBar({
  filters,
  onChange,
  tasks,
  knownTasks,
  devices,
}: ActivityFilterBarProps) {
  const update = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  // A link may name a deleted or unknown task: keep it selectable so the select tells the truth.
  const selectedMissing =
    filters.taskId !== '' && !tasks.some((task) => task.id === filters.taskId);
  const missingName = knownTasks.get(filters.taskId);
  const [, ...otherDevices] = devices;
  const deviceMissing =
    filters.device !== '' &&
    filters.device !== THIS_DEVICE &&
    !otherDevices.some((device) => device.id === filters.device);
  return (
    <div role="search" aria-label="Filter activity" className="activity-filter-bar">
      <Field label="Task" className="activity-filter-bar__task">
        <select value={filters.taskId} onChange={(event) => update({ taskId: event.target.value })}>
          <option value="">All tasks</option>
          {selectedMissing && (
            <option value={filters.taskId}>
              {missingName ? `${missingName.title || 'Untitled task'} (deleted)` : 'Unknown task'}
            </option>
          )}
          {tasks.map((task) => (
            <option key={task.id} value={task.id}>
              {task.title || 'Untitled task'}
            </option>
          ))}
        </select>
      </Field>
      <ChoiceSelect
        label="Kind"
        value={filters.kind}
        all="All kinds"
        choices={Object.entries(KIND_FILTERS).map(([value, { label }]) => [value, label])}
        onChange={(value) => update({ kind: isKindFilter(value) ? value : '' })}
      />
      <ChoiceSelect
        label="Source"
        value={filters.source}
        all="All sources"
        choices={Object.entries(SOURCE_FILTERS)}
        onChange={(value) => update({ source: isSourceFilter(value) ? value : '' })}
      />
      <ChoiceSelect
        label="Device"
        value={filters.device}
        all="All devices"
        choices={[
          [THIS_DEVICE, 'This device'],
          ...(deviceMissing ? [[filters.device, 'Another device'] as const] : []),
          ...otherDevices.map((device) => [device.id, device.name] as const),
        ]}
        onChange={(device) => update({ device })}
      />
      <ChoiceSelect
        label="Period"
        value={filters.period}
        all="Any time"
        choices={Object.entries(PERIOD_FILTERS).map(([value, { label }]) => [value, label])}
        onChange={(value) => update({ period: isPeriodFilter(value) ? value : '' })}
      />
    </div>
  );
}

/** A labelled select of "all" (the empty value) and the given choices, as [value, label]. */
function ChoiceSelect(props: {
  label: string;
  value: string;
  all: string;
  choices: readonly (readonly [string, string])[];
  onChange(value: string): void;
}) {
  return (
    <Field label={props.label}>
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.all}</option>
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}
