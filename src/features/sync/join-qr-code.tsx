/**
 * A join link as a QR code: the `qr` library (zero dependencies) gives the module matrix,
 * drawn here as one SVG path, so nothing is injected as markup and no canvas is needed.
 * Loaded only with Add a device. Medium error correction keeps the code readable from a
 * tablet's camera at arm's length.
 */
import { encodeQR } from 'qr';

/** The standard quiet zone, four modules of white, drawn by the library itself. */
const QUIET_ZONE = 4;

function modulesPath(matrix: readonly (readonly boolean[])[]): string {
  const runs: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) runs.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return runs.join('');
}

export function JoinQrCode({ text, label }: { text: string; label: string }) {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE });
  const size = matrix.length;
  return (
    <svg
      className="join-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="join-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={modulesPath(matrix)} fill="#000" />
    </svg>
  );
}
