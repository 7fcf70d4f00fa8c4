/**
 * The one-time hint that rows can be swiped: shown on touch screens in a list's status bar
 * until the person has decided a row by swiping once (remembered on this device, so it does
 * not come back after a reload). Elsewhere, or once learned, the bar says what waits.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { getDatabase } from '../../../db/connection';
import { SETTING_KEYS } from '../../../db/setting-keys';
import { readSetting, writeSetting } from '../../../db/settings';

const onTouchScreen = () => globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;

export function useSwipeHint(waiting: number) {
  const learned = useLiveQuery(
    () => readSetting<boolean>(getDatabase(), SETTING_KEYS.swipeLearned),
    [],
  );
  const counted = `${waiting.toLocaleString('en-US')} waiting for your decision.`;
  const idle =
    learned !== true && onTouchScreen()
      ? 'Tip: swipe a row right to confirm it, left to reject it.'
      : counted;
  // The same function while `learned` stays: it goes to every (memoized) row.
  const swiped = useCallback(() => {
    if (learned !== true) void writeSetting(getDatabase(), SETTING_KEYS.swipeLearned, true);
  }, [learned]);
  return {
    idle,
    /** A row was decided by a swipe: the hint has done its job. */
    swiped,
  };
}
