// Section 5: the main bundle's size.
import { round } from './stats.mjs';
import { KB } from './section-rows.mjs';

export function bundleSection(bundle) {
  const kilobytes = (bytes) => round(bytes / KB, 1);
  const targetKb = 150;
  return {
    id: 'bundle',
    title: '5. Main bundle size (normal production build, gzip)',
    status: 'measured',
    rows: [
      {
        figure:
          'First page, gzipped, against 150 kB: everything index.html loads up front (JS + CSS)',
        unit: 'kB',
        median: kilobytes(bundle.totalGzipBytes),
        target: `≤ ${targetKb} kB`,
        meetsTarget: bundle.totalGzipBytes <= targetKb * KB,
      },
      {
        figure: '  of which JavaScript (entry + modulepreload)',
        unit: 'kB',
        median: kilobytes(bundle.scriptGzipBytes),
      },
      { figure: '  of which CSS', unit: 'kB', median: kilobytes(bundle.styleGzipBytes) },
      ...bundle.initialFiles.map((file) => ({
        figure: `  ${file.kind}: ${file.url.replace(/^\//, '')}`,
        unit: 'kB',
        median: kilobytes(file.gzipBytes),
        versus: `${kilobytes(file.bytes)} kB raw`,
      })),
      ...bundle.largestChunks.map((chunk, index) => ({
        figure: `Largest chunk #${index + 1}: ${chunk.file}`,
        unit: 'kB',
        median: kilobytes(chunk.gzipBytes),
        versus: `${kilobytes(chunk.bytes)} kB raw`,
      })),
    ],
    notes: [
      `Uncompressed up-front total ${kilobytes(bundle.totalBytes)} kB; ${bundle.chunkCount} JS/CSS files in assets/. gzip: node:zlib default level; kB = 1,000 bytes. Single figures, so no p95.`,
    ],
    raw: bundle,
  };
}
