import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModelCheck } from './model-check';

describe('Check this model', () => {
  it('asks for a saved model first, and starts nothing without one', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ModelCheck saved={undefined} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check this model' }));
    expect(
      screen.getByText(
        'No model is saved yet. Choose one under Language model and save it, then check it.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel check' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
