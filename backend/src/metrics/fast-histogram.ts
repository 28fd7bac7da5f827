import type { Metric, Registry } from 'prom-client';

interface Series {
  readonly labels: Readonly<Record<string, string>>;
  /** Observations per bucket (not cumulative), the last one past the highest bound (`+Inf`). */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for the paths every request takes (the HTTP answer, the Redis command): the same
 * text as prom-client's Histogram, registered in the same registry, but an observation is a Map lookup per
 * label and a few additions. prom-client's Histogram checks every label on every observation (about 0.3 µs),
 * most of what the metrics' own code cost on a list read (bench/RESULTS.md, "Metrics cost"). Its labels are bounded by
 * the callers (route patterns, command names), as for every metric here.
 */
export class FastHistogram {
  /** Series by their label values, one Map level per label: no key string is built per observation. */
  private readonly series = new Map<string, Map<string, Map<string, Series>>>();
  /** prom-client's Registry reads these (name, help, type, aggregator) and calls get() at each scrape. */
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    /** At most three. */
    private readonly labelNames: readonly string[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** One observation of the series of these label values, in `labelNames`' order (up to three labels). */
  observe(seconds: number, a: string, b = '', c = ''): void {
    let byB = this.series.get(a);
    if (!byB) this.series.set(a, (byB = new Map()));
    let byC = byB.get(b);
    if (!byC) byB.set(b, (byC = new Map()));
    let series = byC.get(c);
    if (!series) {
      const values = [a, b, c];
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!]));
      series = { labels, counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
      byC.set(c, series);
    }
    const bounds = this.buckets;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  private *allSeries(): Iterable<Series> {
    for (const byB of this.series.values()) for (const byC of byB.values()) yield* byC.values();
  }

  /** What prom-client's Histogram gives its registry: cumulative buckets with `le`, then `_sum` and `_count`. */
  async get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.allSeries()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
