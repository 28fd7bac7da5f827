import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The content-security-policy sources that allow index.html's own inline elements, each by the SHA-256 of its exact
 * text (`'sha256-<base64>'`), and nothing else inline:
 * - `styles`: the first screen's styles (its first paint waits for no stylesheet request: frontend/vite.config.ts);
 * - `scripts`: the script that starts a signed-in list page's read with the HTML (frontend/index.html; README,
 *   "Speed on a phone").
 */
export interface InlineSources {
  styles: string[];
  scripts: string[];
}

export const NO_INLINE_SOURCES: InlineSources = { styles: [], scripts: [] };

const hashes = (html: string, element: RegExp): string[] =>
  [...html.matchAll(element)].map(([, text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);

function inlineSources(html: string): InlineSources {
  return {
    styles: hashes(html, /<style>([\s\S]*?)<\/style>/g),
    // A script with a src is allowed as 'self'; only the inline ones (no attributes) need a hash.
    scripts: hashes(html, /<script>([\s\S]*?)<\/script>/g),
  };
}

/** The inline sources of the frontend built in `dir` (none without a build). */
export function builtInlineSources(dir: string): InlineSources {
  const index = join(dir, 'index.html');
  return existsSync(index) ? inlineSources(readFileSync(index, 'utf8')) : NO_INLINE_SOURCES;
}
