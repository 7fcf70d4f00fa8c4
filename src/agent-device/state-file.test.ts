// @vitest-environment node
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempStateDirs } from './temp-state-dirs';
import { readState, StateFileError, writeState } from './state-file';

const freshDir = tempStateDirs('agent-state-');

it('keeps the state readable by its user only, and reads back what it wrote', () => {
  const dir = freshDir();
  expect(readState(dir)).toBeUndefined();
  const state = { deviceId: 'device-1', considered: 42, pushed: ['op-1'] };
  writeState(dir, state);
  expect(statSync(join(dir, 'state.json')).mode & 0o777).toBe(0o600);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  expect(readState(dir)).toEqual(state);
  writeState(dir, { ...state, considered: 43 });
  expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toMatchObject({
    considered: 43,
  });
});

it('refuses a damaged state file with words, instead of joining as someone else', () => {
  const dir = freshDir();
  writeState(dir, { deviceId: 'device-1', considered: 1, pushed: [] });
  writeFileSync(join(dir, 'state.json'), '{"deviceId": "device-1", "considered": -5}');
  expect(() => readState(dir)).toThrow(StateFileError);
  expect(() => readState(dir)).toThrow(/is damaged: move it away/);
});
