import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * The metrics contract of docs/design/operating.md (its table of names, types and labels) and the PromQL
 * of the shipped dashboard and alert rules (deploy/), read with the grammar Prometheus's own UI uses:
 * test/ops/operating-assets.test.ts checks the queries against the table, test/ops/metrics-scrape.test.ts
 * against what the running app serves.
 */
export const ROOT = join(__dirname, '..', '..');
export const text = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
/** A YAML file of the repository, with `<<:` merge keys resolved as compose and Prometheus read them. */
export const yamlFile = (path: string): any => parseYaml(text(path), { merge: true });

interface ContractMetric {
  readonly type: string;
  readonly labels: readonly string[];
}

/** `| \`name\` | type | \`label\`, … | what |` rows; `process_*`, `nodejs_*` are prefixes (prom-client's defaults). */
function contract(): { metrics: Map<string, ContractMetric>; prefixes: string[] } {
  const doc = text('docs/design/operating.md');
  const section = doc.slice(doc.indexOf('## Metrics'), doc.indexOf('## Liveness'));
  const metrics = new Map<string, ContractMetric>();
  const prefixes: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !cells[1]!.startsWith('`')) continue;
    const names = [...cells[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const labels = [...cells[3]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    for (const name of names) {
      if (name.endsWith('*')) prefixes.push(name.slice(0, -1));
      else metrics.set(name, { type: cells[2]!, labels });
    }
  }
  return { metrics, prefixes };
}

export const CONTRACT = contract();
/** Labels every series has besides its own: Prometheus's `instance` and `job`, and the scrape config's `role`. */
const TARGET_LABELS = ['instance', 'job', 'role'];

/** The contract's name for a series name: a histogram's `_bucket`, `_count`, `_sum` are the histogram's. */
export function contractName(series: string): string | undefined {
  if (CONTRACT.metrics.has(series)) return series;
  const base = series.replace(/_(bucket|count|sum)$/, '');
  if (base !== series && CONTRACT.metrics.get(base)?.type === 'histogram') return base;
  if (CONTRACT.prefixes.some((prefix) => series.startsWith(prefix))) return series;
  return undefined;
}

interface Selector {
  readonly metric: string;
  readonly matchers: ReadonlyArray<{ label: string; op: string; value: string }>;
}

/** Parses a PromQL expression with Prometheus's grammar: its vector selectors and the labels it groups by; throws on a syntax error. */
export function promql(expr: string): { selectors: Selector[]; grouping: string[] } {
  // Grafana's variables: `$__rate_interval` is a duration; `$instance` only appears inside label values.
  const query = expr.replace(/\$__\w+/g, '5m');
  const tree = promqlParser.parse(query);
  const selectors: Selector[] = [];
  const grouping: string[] = [];
  const cursor = tree.cursor();
  do {
    if (cursor.type.isError) throw new Error(`PromQL syntax error at ${cursor.from} in: ${expr}`);
    const node = cursor.node;
    if (node.name === 'VectorSelector') {
      const identifier = node.getChild('Identifier');
      if (!identifier) throw new Error(`a selector without a metric name in: ${expr}`);
      const matchers = node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
      selectors.push({
        metric: query.slice(identifier.from, identifier.to),
        matchers: matchers.map((m) => {
          const label = m.getChild('LabelName')!;
          const op = m.getChild('MatchOp')!;
          const value = m.getChild('StringLiteral')!;
          return {
            label: query.slice(label.from, label.to),
            op: query.slice(op.from, op.to),
            value: JSON.parse(query.slice(value.from, value.to)),
          };
        }),
      });
    }
    if (node.name === 'GroupingLabels') grouping.push(...node.getChildren('LabelName').map((l) => query.slice(l.from, l.to)));
  } while (cursor.next());
  if (selectors.length === 0) throw new Error(`no metric in: ${expr}`);
  return { selectors, grouping };
}

/** What is wrong with an expression against the contract: unknown metrics, or labels the metric does not have. */
export function contractProblems(expr: string): string[] {
  const { selectors, grouping } = promql(expr);
  const problems: string[] = [];
  const known = new Set(TARGET_LABELS);
  for (const { metric, matchers } of selectors) {
    // `up` is Prometheus's own: 1 when the scrape succeeded.
    if (metric === 'up') continue;
    const name = contractName(metric);
    if (!name) {
      problems.push(`${metric} is not in docs/design/operating.md's table`);
      continue;
    }
    const entry = CONTRACT.metrics.get(name);
    if (!entry) continue; // prom-client's defaults: their labels are prom-client's
    const labels = new Set([
      ...entry.labels,
      ...TARGET_LABELS,
      ...(entry.type === 'histogram' && metric.endsWith('_bucket') ? ['le'] : []),
    ]);
    for (const label of labels) known.add(label);
    for (const { label } of matchers) if (!labels.has(label)) problems.push(`${metric} has no label ${label}`);
  }
  for (const label of grouping) if (!known.has(label)) problems.push(`grouping by ${label}, which none of its metrics has`);
  return problems;
}

export const DASHBOARD = 'deploy/grafana/techtube.json';
export const ALERTS = 'deploy/prometheus/alerts.yml';

/** Every query the operator gets: each dashboard target's and each alert rule's, with where it is. */
export function shippedQueries(): Array<{ where: string; expr: string }> {
  const dashboard = JSON.parse(text(DASHBOARD));
  const panels = dashboard.panels.flatMap((panel: { title: string; targets?: Array<{ expr: string }> }) =>
    (panel.targets ?? []).map((target) => ({ where: `panel ${panel.title}`, expr: target.expr })),
  );
  const rules = yamlFile(ALERTS).groups.flatMap((group: { rules: Array<{ alert: string; expr: string }> }) =>
    group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
  );
  return [...panels, ...rules];
}
