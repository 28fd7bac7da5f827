import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// CONTRIBUTING.md's "Layout" table is how a newcomer finds their way: it must name every folder of the
// sources, and every folder it names must exist.
const ROOT = join(__dirname, '..', '..');
const SOURCES = ['backend/src', 'frontend/src'];

function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((name) => statSync(join(ROOT, dir, name)).isDirectory())
    .flatMap((name) => [`${dir}/${name}`, ...folders(`${dir}/${name}`)]);
}

function layoutSection(): string {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf('## Layout');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end);
}

/** Each table row: the paths of its first cell, and the folder names (`name/`) the row mentions. */
function rows(section: string): { paths: string[]; children: string[] }[] {
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [first, ...rest] = line.split('|').slice(1);
      const paths = [...first.matchAll(/`([^`]+)\/`/g)].map((m) => m[1]);
      const children = [...rest.join('|').matchAll(/`([a-z0-9.-]+)\/`/g)].map((m) => m[1]);
      return { paths, children };
    });
}

describe('CONTRIBUTING.md layout', () => {
  const table = rows(layoutSection());
  const named = new Set(table.flatMap((row) => row.paths));

  test('names every folder of backend/src and frontend/src, itself or in its parent row', () => {
    const unnamed = SOURCES.flatMap(folders).filter((folder) => {
      if (named.has(folder)) return false;
      const parent = folder.slice(0, folder.lastIndexOf('/'));
      const name = folder.slice(folder.lastIndexOf('/') + 1);
      return !table.some((row) => row.paths.includes(parent) && row.children.includes(name));
    });
    expect(unnamed).toEqual([]);
  });

  test('every folder it names exists', () => {
    const missing = [...named].filter((path) => {
      try {
        return !statSync(join(ROOT, path)).isDirectory();
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  test('backend/src holds at most three loose files: the rest lives in folders that say what it is', () => {
    const loose = readdirSync(join(ROOT, 'backend/src')).filter((name) => statSync(join(ROOT, 'backend/src', name)).isFile());
    expect(loose.length).toBeLessThanOrEqual(3);
  });
});
