import Ajv from 'ajv';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { ALERTS, CONTRACT, DASHBOARD, ROOT, contractName, contractProblems, promql, text, yamlFile } from '../support/operating-contract';

/**
 * What an operator gets (README "Operating it", "Metrics and alerts"): the Prometheus configuration and alert
 * rules, the Grafana dashboard and its provisioning, and docker compose's `cluster` profile that runs them
 * (deploy/, docker-compose.yml). Each file is checked the way its tool reads it: promtool for Prometheus,
 * the compose-spec JSON schema for compose, a schema of the fields Grafana needs to import a dashboard, and
 * the PromQL grammar Prometheus's own UI uses for every query, whose metric names must be those of the
 * contract table in docs/design/operating.md. Whether the running app serves those names is
 * test/ops/metrics-scrape.test.ts.
 */
describe('the PromQL checks themselves', () => {
  it('read the contract table: every metric of docs/design/operating.md with its type and labels', () => {
    expect(CONTRACT.metrics.get('http_request_duration_seconds')).toEqual({ type: 'histogram', labels: ['method', 'route', 'status'] });
    expect(CONTRACT.metrics.get('techtube_projection_lag_seconds')).toEqual({ type: 'gauge', labels: ['partition'] });
    expect(CONTRACT.metrics.get('techtube_idempotent_replays_total')).toEqual({ type: 'counter', labels: [] });
    expect(CONTRACT.metrics.size).toBe(16);
    expect(CONTRACT.prefixes.sort()).toEqual(['nodejs_', 'process_']);
  });

  it('refuse an unknown metric, a label the metric does not have, a grouping nothing has, and a syntax error', () => {
    expect(contractProblems('sum by (route, le) (rate(http_request_duration_seconds_bucket{status=~"5.."}[5m]))')).toEqual([]);
    expect(contractProblems('rate(techtube_command_total[5m])')).toEqual([
      "techtube_command_total is not in docs/design/operating.md's table",
    ]);
    expect(contractProblems('techtube_projection_lag_events{partiton="0"}')).toEqual([
      'techtube_projection_lag_events has no label partiton',
    ]);
    expect(contractProblems('sum by (route) (techtube_projection_lag_events)')).toEqual([
      'grouping by route, which none of its metrics has',
    ]);
    expect(() => contractProblems('sum(rate(techtube_refusals_total[5m])')).toThrow(/syntax error/);
  });
});

// --- Prometheus: configuration, rules and their unit tests ----------------------------------------

const PROMETHEUS = 'deploy/prometheus/prometheus.yml';
const ALERT_TESTS = 'deploy/prometheus/alerts.test.yml';

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0 ? 'promtool' : undefined;
if (!promtool) {
  console.log(
    "Skipping the promtool checks of deploy/prometheus: promtool is not installed (apt-get install -y prometheus, Debian's package; .ci/run installs it)",
  );
}
const describeWithPromtool = promtool ? describe : describe.skip;

function runPromtool(args: string[], cwd = ROOT): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const alertRules = (): AlertRule[] => yamlFile(ALERTS).groups.flatMap((group: { rules: AlertRule[] }) => group.rules);

describeWithPromtool('deploy/prometheus, as promtool reads it', () => {
  it('the configuration is valid, with the rule file it loads', () => {
    const run = runPromtool(['check', 'config', PROMETHEUS]);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('the rules are valid', () => {
    const run = runPromtool(['check', 'rules', ALERTS]);
    expect(run.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(run.status).toBe(0);
  });

  it('the rules pass their unit tests', () => {
    const run = runPromtool(['test', 'rules', ALERT_TESTS]);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  // Each rule weakened or widened in one way its unit tests must notice: an alert that stops firing, or
  // fires on the healthy series, or fires before its `for:`.
  const mutations: Array<[alert: string, field: 'expr' | 'for', from: string | RegExp, to: string]> = [
    ['TechTubeInstanceDown', 'expr', 'up{job="techtube"}', 'up'],
    ['TechTubeHttpErrors', 'expr', '> 0.05', '> 0.5'],
    ['TechTubeHttpErrors', 'expr', '> 1/60', '> 0'],
    ['TechTubeSlowRoute', 'expr', /\{route!~"\/api\/\(user\|catalogue\)\/changes"\}/g, ''],
    ['TechTubeProjectionLagSeconds', 'expr', '> 5', '> 2'],
    ['TechTubeProjectionBacklogGrowing', 'for', '15m', '1m'],
    ['TechTubeProjectionStalled', 'expr', '[5m])) > 0', '[5m])) >= 0'],
    ['TechTubeReadYourWritesTimeouts', 'expr', '> 0.01', '> 0.001'],
    ['TechTubeRefusalsRising', 'expr', '> 0.2', '> 0.01'],
    ['TechTubeEventLoopLag', 'for', '5m', '30s'],
  ];
  it.each(mutations)('fail when %s is changed (%s: %s → %s)', (alert, field, from, to) => {
    const dir = mkdtempSync(join(tmpdir(), 'techtube-alerts-'));
    try {
      const rules = yamlFile(ALERTS);
      const rule: AlertRule = rules.groups.flatMap((g: { rules: AlertRule[] }) => g.rules).find((r: AlertRule) => r.alert === alert);
      const changed = rule[field]!.replace(from, to);
      expect(changed).not.toBe(rule[field]);
      rule[field] = changed;
      writeFileSync(join(dir, 'alerts.yml'), stringifyYaml(rules));
      cpSync(join(ROOT, ALERT_TESTS), join(dir, 'alerts.test.yml'));
      const run = runPromtool(['test', 'rules', 'alerts.test.yml'], dir);
      expect(run.status).not.toBe(0);
      expect(run.output).toContain(`alertname: ${alert}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const rules = alertRules();

  it('has the alerts README "Operating it" documents, each with a `for:`, a severity and what it means', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'TechTubeEventLoopLag',
        'TechTubeHttpErrors',
        'TechTubeInstanceDown',
        'TechTubeProjectionBacklogGrowing',
        'TechTubeProjectionLagSeconds',
        'TechTubeProjectionStalled',
        'TechTubeReadYourWritesTimeouts',
        'TechTubeRefusalsRising',
        'TechTubeSlowRoute',
      ].sort(),
    );
    const readme = text('README.md');
    for (const rule of rules) {
      expect([rule.alert, rule.for]).toEqual([rule.alert, expect.stringMatching(/^\d+[smh]$/)]);
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(critical|warning)$/)]);
      expect([rule.alert, rule.annotations?.summary?.length, rule.annotations?.description?.length]).toEqual([
        rule.alert,
        expect.any(Number),
        expect.any(Number),
      ]);
      expect([rule.alert, readme.includes(`| \`${rule.alert}\``)]).toEqual([rule.alert, true]);
    }
  });

  it('asks only for metrics and labels of the contract', () => {
    expect(rules.map((r) => [r.alert, contractProblems(r.expr)])).toEqual(rules.map((r) => [r.alert, []]));
  });

  it('each alert is unit-tested both firing and silent', () => {
    const cases = yamlFile(ALERT_TESTS).tests.flatMap((t: { alert_rule_test?: any[] }) => t.alert_rule_test ?? []);
    for (const { alert } of rules) {
      const evals = cases.filter((c: { alertname: string }) => c.alertname === alert);
      const firing = evals.some((c: { exp_alerts?: unknown[] }) => (c.exp_alerts ?? []).length > 0);
      const silent = evals.some((c: { exp_alerts?: unknown[] }) => (c.exp_alerts ?? []).length === 0);
      expect({ alert, firing, silent }).toEqual({ alert, firing: true, silent: true });
    }
  });
});

// --- docker compose's `cluster` profile --------------------------------------------------------------

const compose = yamlFile('docker-compose.yml');
const services: Record<string, any> = compose.services;
const inCluster = (name: string) => (services[name]!.profiles ?? []).includes('cluster');
/** The processes of our image in the profile: the app instances and the projector. */
const ours = Object.keys(services).filter((name) => inCluster(name) && services[name]!.build === '.');

describe('docker-compose.yml', () => {
  it('is a valid compose file (the compose-spec JSON schema)', () => {
    const schemaFile = join(dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');
    // The schema names its draft by an address Ajv does not know; Ajv's default draft is that one (07).
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The same schema refuses a broken file.
    expect(validate({ ...compose, services: { ...services, app1: { ...services.app1, healthcheck: { test: 5 } } } })).toBe(false);
  });

  it('mounts only files and folders that exist', () => {
    const sources = Object.values(services)
      .flatMap((service) => service.volumes ?? [])
      .map((volume: string | { source?: string }) => (typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '')))
      .filter((source) => source.startsWith('./'));
    expect(sources).toEqual(
      expect.arrayContaining(['./deploy/prometheus/prometheus.yml', './deploy/prometheus/alerts.yml', './deploy/grafana/techtube.json']),
    );
    expect(sources.filter((source) => !existsSync(join(ROOT, source)))).toEqual([]);
  });

  it('runs app instances and a projector, each with METRICS_PORT unpublished and a readiness healthcheck', () => {
    expect(ours.sort()).toEqual(['app1', 'app2', 'app3', 'projector']);
    for (const name of ours) {
      const service = services[name]!;
      const port = service.environment.METRICS_PORT;
      expect({ name, port }).toEqual({ name, port: expect.stringMatching(/^\d+$/) });
      expect({ name, expose: service.expose }).toEqual({ name, expose: [port] });
      const published = (service.ports ?? []).map(String).filter((p: string) => p.split(':').at(-1) === port);
      expect({ name, published }).toEqual({ name, published: [] });
      const probe = service.healthcheck.test.join(' ');
      const readiness = name === 'projector' ? `http://127.0.0.1:${port}/health/ready` : 'http://127.0.0.1:3000/api/health/ready';
      expect({ name, probe }).toEqual({ name, probe: expect.stringContaining(readiness) });
    }
    // The projector is `npm run projector`'s entry point.
    const entry = services.projector.command.find((arg: string) => arg.endsWith('.js'));
    expect(existsSync(join(ROOT, entry.replace('backend/dist/', 'backend/src/').replace(/\.js$/, '.ts')))).toBe(true);
    // nginx starts once the instances it balances are ready.
    for (const app of ['app1', 'app2', 'app3']) expect(services.nginx.depends_on[app]).toEqual({ condition: 'service_healthy' });
  });

  it('has Prometheus and Grafana, pinned, published on this machine only, with the files they read', () => {
    const prometheus = services.prometheus;
    const grafana = services.grafana;
    expect([inCluster('prometheus'), inCluster('grafana')]).toEqual([true, true]);
    expect(prometheus.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
    expect(prometheus.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(grafana.ports).toEqual(['127.0.0.1:3001:3000']);
    expect(prometheus.volumes).toEqual(
      expect.arrayContaining([
        './deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
        './deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro',
      ]),
    );
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    expect(yamlFile(PROMETHEUS).rule_files).toEqual(['alerts.yml']);

    // Grafana: the provisioning it reads, the Prometheus service as data source, the dashboard where the provider looks.
    const mounts = new Map<string, string>(grafana.volumes.map((v: string) => [v.split(':')[1]!, v.split(':')[0]!]));
    const datasources = yamlFile(mounts.get('/etc/grafana/provisioning/datasources')!.concat('/prometheus.yml')).datasources;
    expect(datasources).toEqual([expect.objectContaining({ type: 'prometheus', uid: 'prometheus', url: 'http://prometheus:9090' })]);
    const providers = yamlFile(mounts.get('/etc/grafana/provisioning/dashboards')!.concat('/techtube.yml')).providers;
    expect(providers).toHaveLength(1);
    expect(mounts.get(`${providers[0].options.path}/techtube.json`)).toBe('./deploy/grafana/techtube.json');
    expect(grafana.environment.GF_AUTH_ANONYMOUS_ORG_ROLE).toBe('Viewer');
    expect(grafana.environment.GF_SECURITY_ADMIN_PASSWORD).toBe('${GRAFANA_ADMIN_PASSWORD:-admin}');
  });

  it("Prometheus scrapes exactly the instances' and the projector's METRICS_PORT", () => {
    const job = yamlFile(PROMETHEUS).scrape_configs.find((c: { job_name: string }) => c.job_name === 'techtube');
    const targets = job.static_configs.flatMap((c: { targets: string[] }) => c.targets).sort();
    expect(targets).toEqual(ours.map((name) => `${name}:${services[name]!.environment.METRICS_PORT}`).sort());
    expect(job.metrics_path).toBe('/metrics');
  });
});

// --- nginx ----------------------------------------------------------------------------------------

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!nginx)
  console.log(
    'Skipping the nginx check of deploy/nginx-cluster.conf: nginx is not installed (apt-get install -y nginx; .ci/run installs it)',
  );
(nginx ? describe : describe.skip)('deploy/nginx-cluster.conf', () => {
  it('is valid nginx configuration (nginx -t), with passive checks on every instance and /metrics answered 404', () => {
    const site = text('deploy/nginx-cluster.conf');
    expect(site.match(/^\s*server app\d:3000 max_fails=\d+ fail_timeout=\d+s;$/gm)).toHaveLength(3);
    expect(site).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
    const dir = mkdtempSync(join(tmpdir(), 'techtube-nginx-conf-'));
    try {
      // The compose hosts do not resolve here: the same file with the instances on loopback.
      writeFileSync(
        join(dir, 'site.conf'),
        site.replace(/server app\d:3000/g, 'server 127.0.0.1:3000').replace('listen 80;', 'listen 127.0.0.1:8080;'),
      );
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
      );
      const run = spawnSync(nginx!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8' });
      expect(run.stderr).toContain('syntax is ok');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// --- Grafana: the dashboard -----------------------------------------------------------------------

/**
 * What Grafana needs to import a dashboard and draw our panels. No JSON schema of the dashboard is
 * published on npm (@grafana/schema ships TypeScript types only), so this is ours, of the fields import
 * reads (README "Operating it").
 */
const DASHBOARD_SCHEMA = {
  type: 'object',
  required: ['uid', 'title', 'schemaVersion', 'panels', 'templating', 'time'],
  properties: {
    uid: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,40}$' },
    title: { type: 'string', minLength: 1 },
    schemaVersion: { type: 'integer', minimum: 39 },
    time: { type: 'object', required: ['from', 'to'] },
    templating: {
      type: 'object',
      required: ['list'],
      properties: {
        list: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'type'],
            properties: {
              name: { type: 'string', pattern: '^\\w+$' },
              type: { enum: ['datasource', 'query', 'custom', 'interval', 'constant'] },
            },
          },
        },
      },
    },
    panels: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'type', 'title', 'gridPos'],
        properties: {
          id: { type: 'integer', minimum: 1 },
          type: { enum: ['row', 'timeseries', 'stat'] },
          title: { type: 'string', minLength: 1 },
          gridPos: {
            type: 'object',
            required: ['h', 'w', 'x', 'y'],
            properties: {
              h: { type: 'integer', minimum: 1 },
              w: { type: 'integer', minimum: 1, maximum: 24 },
              x: { type: 'integer', minimum: 0, maximum: 23 },
              y: { type: 'integer', minimum: 0 },
            },
          },
        },
        if: { properties: { type: { not: { const: 'row' } } } },
        then: {
          required: ['datasource', 'targets', 'fieldConfig', 'description'],
          properties: {
            datasource: { const: { type: 'prometheus', uid: '${datasource}' } },
            targets: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['refId', 'expr', 'datasource'],
                properties: { refId: { type: 'string', pattern: '^[A-Z]$' }, expr: { type: 'string', minLength: 1 } },
              },
            },
          },
        },
      },
    },
  },
};

describe('deploy/grafana/techtube.json', () => {
  const dashboard = JSON.parse(text(DASHBOARD));
  const panels: any[] = dashboard.panels;
  const graphs = panels.filter((p) => p.type !== 'row');
  const exprs: Array<{ panel: string; expr: string }> = graphs.flatMap((p) =>
    p.targets.map((t: { expr: string }) => ({ panel: p.title, expr: t.expr })),
  );

  it('has what Grafana needs to import it', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(DASHBOARD_SCHEMA);
    validate(dashboard);
    expect(validate.errors ?? []).toEqual([]);
    expect(validate({ ...dashboard, panels: [{ ...panels[1], targets: [{ refId: 'A' }] }] })).toBe(false);
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    for (const panel of graphs) expect(new Set(panel.targets.map((t: { refId: string }) => t.refId)).size).toBe(panel.targets.length);
  });

  it('lays its panels out without overlaps, within 24 columns', () => {
    const cells = new Map<string, string>();
    for (const { title, gridPos: g } of panels) {
      expect({ title, right: g.x + g.w <= 24 }).toEqual({ title, right: true });
      for (let x = g.x; x < g.x + g.w; x++) {
        for (let y = g.y; y < g.y + g.h; y++) {
          expect({ cell: `${x},${y}`, taken: cells.get(`${x},${y}`) }).toEqual({ cell: `${x},${y}`, taken: undefined });
          cells.set(`${x},${y}`, title);
        }
      }
    }
  });

  it('lets the viewer pick the data source and the instances, and every query follows both', () => {
    const variables = dashboard.templating.list;
    expect(variables.find((v: any) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(variables.find((v: any) => v.name === 'instance')).toMatchObject({ type: 'query', multi: true, includeAll: true });
    for (const { panel, expr } of exprs) {
      for (const selector of promql(expr).selectors) {
        const byInstance = selector.matchers.some((m) => m.label === 'instance' && m.op === '=~' && m.value === '$instance');
        expect({ panel, metric: selector.metric, byInstance }).toEqual({ panel, metric: selector.metric, byInstance: true });
      }
    }
  });

  it('asks only for metrics and labels of the contract, and shows every one of them', () => {
    expect(exprs.map(({ panel, expr }) => [panel, contractProblems(expr)])).toEqual(exprs.map(({ panel }) => [panel, []]));
    const shown = new Set(exprs.flatMap(({ expr }) => promql(expr).selectors.map((s) => contractName(s.metric) ?? s.metric)));
    expect([...CONTRACT.metrics.keys()].filter((name) => !shown.has(name))).toEqual([]);
    for (const prefix of CONTRACT.prefixes) expect([...shown].some((name) => name.startsWith(prefix))).toBe(true);
  });
});
