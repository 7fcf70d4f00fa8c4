import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import decodeQR from 'qr/decode.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJoinCode } from '../../sync/pairing/join-code';
import { makeJoinCode } from '../../sync/pairing/make-join-code';
import { NO_KEYS } from '../../sync/seal/key-ring';
import { aKeyRing, SYNC_CONFIG } from './join-code-fixture';
import { AddDevicePanel } from './add-device-panel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The drawn SVG back to pixels (4 per module), as a camera would see it. */
function rasterise(svg: SVGElement) {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const width = size * scale;
  const data = new Uint8Array(width * width * 4).fill(255);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data.fill(0, at, at + 3);
      }
    }
  }
  return { width, height: width, data };
}

async function renderPanel() {
  const ring = await aKeyRing();
  const prepare = vi.fn(() => makeJoinCode(SYNC_CONFIG, ring, Date.now()));
  render(<AddDevicePanel prepare={prepare} onClose={() => {}} />);
  return prepare;
}

describe('Add a device', () => {
  it('warns in words before anything is shown, then shows a QR code that reads as the link', async () => {
    const prepare = await renderPanel();
    expect(screen.getByText(/Anyone who sees this code can read your journal/)).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(prepare).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the code' })));
    const field = await screen.findByRole('textbox', { name: /as a link/ });
    const link = (field as HTMLInputElement).value;
    expect(link).toMatch(/#join=[A-Za-z0-9_-]+$/);
    const qr = screen.getByRole('img', { name: 'Join code for a new device' });
    expect(decodeQR(rasterise(qr as unknown as SVGElement))).toBe(link);
    expect(readJoinCode(link, Date.now()).ok).toBe(true);
  });

  it('hides the code after two minutes, and offers a fresh one', async () => {
    vi.useFakeTimers({
      now: Date.UTC(2026, 10, 27, 9, 0),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    await renderPanel();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the code' })));
    expect(await screen.findByText(/Hidden in 2:00/)).toBeInTheDocument();
    // Second by second, as the clock ticks: each tick's render and effects settle before
    // the next (at once, a busy machine had not yet started the countdown's interval).
    const tick = () => act(async () => vi.advanceTimersByTime(1_000));
    for (let second = 1; second < 120; second += 1) await tick();
    expect(screen.getByRole('img')).toBeInTheDocument();
    expect(screen.getByText(/Hidden in 0:01/)).toBeInTheDocument();
    await tick();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/The code is hidden/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show a fresh code' })).toBeInTheDocument();
  });

  it('never says more than two minutes, however long the warning was read', async () => {
    vi.useFakeTimers({
      now: Date.UTC(2026, 10, 27, 9, 0),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    await renderPanel();
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9, 0, 5));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the code' })));
    expect(await screen.findByText(/Hidden in 2:00/)).toBeInTheDocument();
  });

  it('hides the code when the new device has joined, and shows the words to compare', async () => {
    const ring = await aKeyRing();
    const { rerender } = render(
      <AddDevicePanel
        prepare={() => makeJoinCode(SYNC_CONFIG, ring, Date.now())}
        onClose={() => {}}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the code' })));
    await screen.findByRole('img');
    rerender(
      <AddDevicePanel
        prepare={() => makeJoinCode(SYNC_CONFIG, ring, Date.now())}
        joined={{ name: 'Kitchen tablet', fingerprint: 'apple river stone cloud tiger' }}
        onClose={() => {}}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(/Kitchen tablet joined this journal/)).toBeInTheDocument();
    expect(screen.getByText('apple river stone cloud tiger')).toBeInTheDocument();
  });

  it('says why there is no code when the journal has no key', async () => {
    render(
      <AddDevicePanel
        prepare={() => makeJoinCode(SYNC_CONFIG, NO_KEYS, Date.now())}
        onClose={() => {}}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the code' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Encrypt this journal/);
  });
});
