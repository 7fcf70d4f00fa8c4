// Section 5: what a first visit downloads before the app can start, gzipped the way a
// static host would serve it (zlib's default level 6; kB = 1,000 bytes, as vite prints).
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Attributes of every `<tag …>` in the HTML (enough for vite's own index.html). */
function tagsOf(html, tagName) {
  const tags = [];
  for (const match of html.matchAll(new RegExp(`<${tagName}\\b([^>]*)>`, 'gi'))) {
    const attributes = {};
    for (const attribute of match[1].matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      attributes[attribute[1].toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    }
    tags.push(attributes);
  }
  return tags;
}

async function gzippedSize(path) {
  const content = await readFile(path);
  return { bytes: content.length, gzipBytes: gzipSync(content).length };
}

/**
 * The entry script(s), the chunks vite asks the browser to preload with them, and the
 * stylesheets: everything index.html fetches up front. Also the five largest chunks.
 */
export async function measureBundle(outDir) {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const toFile = (url) => join(outDir, url.replace(/^\//, '').split('?')[0]);
  const scripts = tagsOf(html, 'script').filter((tag) => tag.type === 'module' && tag.src);
  const links = tagsOf(html, 'link');
  const initial = [
    ...scripts.map((tag) => ({ kind: 'entry script', url: tag.src })),
    ...links
      .filter((tag) => tag.rel === 'modulepreload' && tag.href)
      .map((tag) => ({ kind: 'preloaded chunk', url: tag.href })),
    ...links
      .filter((tag) => tag.rel === 'stylesheet' && tag.href)
      .map((tag) => ({ kind: 'stylesheet', url: tag.href })),
  ];
  if (!initial.some((file) => file.kind === 'entry script')) {
    throw new Error(`no <script type="module" src> in ${join(outDir, 'index.html')}`);
  }
  const initialFiles = [];
  for (const file of initial)
    initialFiles.push({ ...file, ...(await gzippedSize(toFile(file.url))) });

  const assetsDir = join(outDir, 'assets');
  const chunks = [];
  for (const name of await readdir(assetsDir)) {
    if (!/\.(js|css)$/.test(name)) continue;
    chunks.push({ file: `assets/${name}`, ...(await gzippedSize(join(assetsDir, name))) });
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);

  const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);
  const scriptFiles = initialFiles.filter((file) => file.kind !== 'stylesheet');
  const styleFiles = initialFiles.filter((file) => file.kind === 'stylesheet');
  return {
    initialFiles,
    scriptGzipBytes: sum(scriptFiles, 'gzipBytes'),
    styleGzipBytes: sum(styleFiles, 'gzipBytes'),
    totalGzipBytes: sum(initialFiles, 'gzipBytes'),
    totalBytes: sum(initialFiles, 'bytes'),
    largestChunks: chunks.slice(0, 5),
    chunkCount: chunks.length,
  };
}
