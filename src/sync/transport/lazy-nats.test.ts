// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the NATS client stays off the first page', () => {
  it('is imported at run time only by nats-transport.ts, and only with import()', () => {
    const loaders: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const name = relative(ROOT, file);
      const staticImports = text.match(/^import (?!type )[^;]*from '@nats-io\/[^']+';/gm) ?? [];
      expect(staticImports, `${name} imports the NATS client statically`).toEqual([]);
      if (/import\('@nats-io\//.test(text)) loaders.push(name);
    }
    expect(loaders).toEqual(['src/sync/transport/nats-transport.ts']);
  });
});
