/**
 * No import cycles in src/, type-only imports included: eslint's import-x/no-cycle skips
 * `import type`, and a cycle of types is still two modules that cannot be understood
 * apart. Reads every module's static imports and re-exports with TypeScript's parser.
 */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
}

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    const target = specifier ? resolveImport(file, specifier) : undefined;
    return target ? [target] : [];
  });
}

function findCycles(files: string[], root = ROOT): string[] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        cycles.push(cycle.map((path) => relative(root, path)).join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports in src/', () => {
  it('form no cycle, type-only imports included', () => {
    expect(findCycles(sourceFiles(join(ROOT, 'src')))).toEqual([]);
  });

  it('would see a cycle made of type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(
        join(dir, 'a.ts'),
        "import type { B } from './b';\nexport type A = { b?: B };\n",
      );
      writeFileSync(
        join(dir, 'b.ts'),
        "import type { A } from './a';\nexport type B = { a?: A };\n",
      );
      writeFileSync(join(dir, 'c.ts'), "export { type A } from './a';\n");
      expect(findCycles(sourceFiles(dir), dir)).toEqual(['a.ts → b.ts → a.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
