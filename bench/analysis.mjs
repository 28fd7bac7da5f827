// The method notes and, for every target missed, what limits it and what would fix it.
export function analysis(rows, results, cfg) {
  return ['## Method', '', 'TODO'].join('\n');
}
