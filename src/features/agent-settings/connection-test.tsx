/**
 * "Test connection": one small real request with the form's current values (TanStack
 * Query's useMutation: it is remote I/O), cancellable, its result said in words. The
 * provider SDKs load on the first test, not with the Settings page.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TestConnectionResult } from '../../agent/providers/test-connection';
import type { ProviderSettings } from '../../domain/provider-settings';
import { Button } from '../../ui/button';
import { useReturnFocus } from '../../ui/use-return-focus';

interface TestVariables {
  settings: ProviderSettings;
  signal: AbortSignal;
}

export interface ConnectionTestProps {
  /** The form's settings, or undefined after the form showed what is wrong. */
  validated(): ProviderSettings | undefined;
}

export function ConnectionTest({ validated }: ConnectionTestProps) {
  const controller = useRef<AbortController | null>(null);
  const test = useMutation({
    mutationFn: async ({ settings, signal }: TestVariables) => {
      const { testConnection } = await import('../../agent/providers/test-connection');
      return testConnection(settings, { signal });
    },
  });
  const { returnTo, leavingProps } = useReturnFocus(test.isPending);

  // A test about values that are gone (the form was edited or left) is not worth waiting for.
  useEffect(() => () => controller.current?.abort(), []);

  const start = () => {
    if (test.isPending) return;
    const settings = validated();
    if (!settings) {
      test.reset();
      return;
    }
    controller.current = new AbortController();
    test.mutate({ settings, signal: controller.current.signal });
  };

  const result = test.isSuccess
    ? describeResult(test.data)
    : test.isError
      ? { tone: 'error', text: `The test could not run: ${test.error.message}` }
      : undefined;

  return (
    <>
      <Button ref={returnTo} aria-disabled={test.isPending || undefined} onClick={start}>
        {test.isPending && <span className="spinner" aria-hidden="true" />}
        {test.isPending ? 'Testing…' : 'Test connection'}
      </Button>
      {test.isPending && (
        <Button variant="quiet" {...leavingProps} onClick={() => controller.current?.abort()}>
          Cancel test
        </Button>
      )}
      <div className="agent-test-result" aria-live="polite" aria-busy={test.isPending}>
        {test.isPending && <p className="muted">Testing the connection…</p>}
        {result && <p className={`notice notice--${result.tone}`}>{result.text}</p>}
      </div>
    </>
  );
}

function describeResult(result: TestConnectionResult): { tone: string; text: string } {
  if (result.ok) {
    return result.calledTool
      ? { tone: 'success', text: `Success. ${result.message}` }
      : { tone: 'warning', text: `Connected, with a warning. ${result.message}` };
  }
  if (result.kind === 'cancelled') return { tone: 'info', text: 'Test cancelled.' };
  return { tone: 'error', text: `The test failed. ${result.message}` };
}
