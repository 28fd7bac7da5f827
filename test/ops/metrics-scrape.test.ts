import { execFile } from 'node:child_process';
import { RunningApp, startApp } from '../support/app';
import { CONTRACT, promql, shippedQueries, yamlFile } from '../support/operating-contract';
import { freePort } from '../support/server-process';

/**
 * The shipped dashboard and alert rules (deploy/) against a real scrape: one app with METRICS_PORT set
 * declares every metric of docs/design/operating.md with its type, and every metric the queries name, so
 * no panel stays empty and no alert waits on a series that never comes. The probes docker-compose.yml's
 * healthchecks ask answer on the ports they ask, and the healthcheck's own command passes.
 */
describe('a scrape of the running app', () => {
  let app: RunningApp;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await startApp({ env: { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' } });
    metricsUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** `# TYPE name type` of the scrape: every metric registered, with or without samples yet. */
  async function declared(): Promise<Map<string, string>> {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    const body = await response.text();
    return new Map([...body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  }

  it('declares every metric of the contract with its type', async () => {
    const types = await declared();
    for (const [name, { type }] of CONTRACT.metrics) expect({ name, type: types.get(name) }).toEqual({ name, type });
  });

  it('declares every metric the dashboard and the alert rules ask for', async () => {
    const types = await declared();
    const asked = shippedQueries().flatMap(({ where, expr }) => promql(expr).selectors.map(({ metric }) => ({ where, metric })));
    expect(asked.length).toBeGreaterThan(40);
    for (const { where, metric } of asked) {
      // `up` is Prometheus's own; a histogram's series are `_bucket`, `_count` and `_sum` of its name.
      const served = metric === 'up' || types.has(metric) || types.get(metric.replace(/_(bucket|count|sum)$/, '')) === 'histogram';
      expect({ where, metric, served }).toEqual({ where, metric, served: true });
    }
  });

  it("answers the compose healthchecks' probes: readiness on the public port and on the metrics port", async () => {
    for (const url of [`${app.url}/api/health/ready`, `${metricsUrl}/health/ready`]) {
      const response = await fetch(url);
      expect({ url, status: response.status, body: await response.json() }).toEqual({ url, status: 200, body: { status: 'ready' } });
    }
    for (const url of [`${app.url}/api/health/live`, `${metricsUrl}/health/live`]) {
      const response = await fetch(url);
      expect({ url, status: response.status, body: await response.json() }).toEqual({ url, status: 200, body: { status: 'live' } });
    }
    // The commands themselves, as the containers run them, against this app's ports.
    const services = yamlFile('docker-compose.yml').services;
    const probes: Array<[string, string]> = [
      [services.app1.healthcheck.test.at(-1), app.url],
      [services.projector.healthcheck.test.at(-1), metricsUrl],
    ];
    for (const [script, url] of probes) {
      const command = script.replace(/http:\/\/127\.0\.0\.1:\d+/, url);
      expect(command).not.toBe(script);
      // Not spawnSync: the app answering it runs in this process.
      const status = await new Promise<number | string | null>((resolve) =>
        execFile(process.execPath, ['-e', command], { timeout: 10_000 }, (error) =>
          resolve(error ? (error.code ?? error.signal ?? 'failed') : 0),
        ),
      );
      expect({ command, status }).toEqual({ command, status: 0 });
    }
  });

  it('shows no metrics on the public port', async () => {
    const response = await fetch(`${app.url}/metrics`);
    expect(await response.text()).not.toMatch(/^# TYPE /m);
  });
});
