import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useArrivedJoinText } from '../features/sync/arrived-join';
import { takeJoinFragment } from './join-fragment';

describe('a join link opening the app', () => {
  it('takes the code off the address bar before anything renders, and hands it to Join with a code', () => {
    window.history.replaceState(null, '', '/settings?x=1#join=abc_DEF-123');
    takeJoinFragment(window.location, window.history);
    expect(window.location.href).toBe(`${window.location.origin}/settings?x=1`);
    expect(renderHook(() => useArrivedJoinText()).result.current).toBe('join=abc_DEF-123');
  });

  it('leaves any other address alone', () => {
    window.history.replaceState(null, '', '/tasks/1#notes');
    takeJoinFragment(window.location, window.history);
    expect(window.location.hash).toBe('#notes');
  });
});
