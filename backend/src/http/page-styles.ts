import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The content-security-policy sources that allow the `<style>` elements of `html`, each by the SHA-256 of its
 * exact text (`'sha256-<base64>'`): the built index.html carries the first screen's styles inline (its first paint
 * waits for no stylesheet request: frontend/vite.config.ts), and the page policy allows exactly those bytes, no
 * other inline style.
 */
function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`,
  );
}

/** The style sources of the frontend built in `dir` (none without a build). */
export function builtPageStyles(dir: string): string[] {
  const index = join(dir, 'index.html');
  return existsSync(index) ? styleHashes(readFileSync(index, 'utf8')) : [];
}
