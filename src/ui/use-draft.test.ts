import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from './use-draft';

describe('useDraft', () => {
  it('follows the saved value while untouched', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    expect(result.current.draft).toBe('b');
  });

  it('keeps typed text when the saved value changes elsewhere', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), {
      initialProps: { value: 'a' },
    });
    act(() => result.current.setDraft('typed'));
    rerender({ value: 'from another tab' });
    expect(result.current.draft).toBe('typed');
  });

  it('keeps an edit made while an earlier save is still landing', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), {
      initialProps: { value: '' },
    });
    act(() => result.current.setDraft('2026-03-15'));
    act(() => result.current.setDraft(''));
    rerender({ value: '2026-03-15' });
    expect(result.current.draft).toBe('');
  });

  it('follows again once the saved value caught up with the draft', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), {
      initialProps: { value: 'a' },
    });
    act(() => result.current.setDraft('b'));
    rerender({ value: 'b' });
    rerender({ value: 'c' });
    expect(result.current.draft).toBe('c');
  });
});
