import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeJoinCode, joinLink } from '../../sync/pairing/join-code';
import { aJoinCode } from './join-code-fixture';
import { JoinWithCodePanel } from './join-with-code-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pasteBox = () => screen.getByRole('textbox', { name: /paste the code or the link/ });

describe('Join with a code', () => {
  it('joins with a pasted link and shows the words to compare', async () => {
    const code = await aJoinCode();
    const join = vi.fn(() =>
      Promise.resolve({ ok: true as const, fingerprint: 'apple river stone cloud tiger' }),
    );
    render(<JoinWithCodePanel join={join} />);
    await userEvent.click(pasteBox());
    await userEvent.paste(joinLink('https://app.example.org/', code));
    await userEvent.click(screen.getByRole('button', { name: 'Join with this code' }));
    expect(await screen.findByText('apple river stone cloud tiger')).toBeInTheDocument();
    expect(join).toHaveBeenCalledWith(code);
  });

  it('fills in a code that came with the address', async () => {
    const code = await aJoinCode();
    render(<JoinWithCodePanel initialText={`#join=${encodeJoinCode(code)}`} join={vi.fn()} />);
    expect(pasteBox()).toHaveValue(`#join=${encodeJoinCode(code)}`);
  });

  it('refuses in words what is not ours, an expired code, and a code the other device says was used', async () => {
    const join = vi.fn(() =>
      Promise.resolve({
        ok: false as const,
        words: 'This code was already used by another device.',
      }),
    );
    render(<JoinWithCodePanel join={join} />);
    await userEvent.type(pasteBox(), 'https://example.org/menu');
    await userEvent.click(screen.getByRole('button', { name: 'Join with this code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not a Countersign join code/);

    await userEvent.clear(pasteBox());
    await userEvent.click(pasteBox());
    await userEvent.paste(encodeJoinCode(await aJoinCode(Date.now() - 3 * 60_000)));
    await userEvent.click(screen.getByRole('button', { name: 'Join with this code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired/);
    expect(join).not.toHaveBeenCalled();

    await userEvent.clear(pasteBox());
    await userEvent.click(pasteBox());
    await userEvent.paste(encodeJoinCode(await aJoinCode()));
    await userEvent.click(screen.getByRole('button', { name: 'Join with this code' }));
    expect(await screen.findByText(/already used/)).toBeInTheDocument();
  });

  it('says so when there is no camera, and when the camera is not allowed', async () => {
    render(<JoinWithCodePanel join={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Scan the code/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/no camera Countersign can use/);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    cleanup();

    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      },
    });
    render(<JoinWithCodePanel join={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Scan the code/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Allow the camera for this site/);
  });
});
