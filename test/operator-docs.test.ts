/**
 * The operator's monitoring files hold up: docs/prometheus-alerts.yml passes `promtool check rules` (Debian's
 * `prometheus` package ships promtool; CI installs it, locally the check is skipped with a message), and every
 * metric the alerts and docs/grafana-dashboard.json query is one a running server's `GET /metrics` exposes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer, type TestServer } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

const TOKEN = 'metrics-token-for-operator-docs-0123456789';
const ALERTS = join(repoRoot, 'docs/prometheus-alerts.yml');
const DASHBOARD = join(repoRoot, 'docs/grafana-dashboard.json');

function promtool(): string | null {
  try {
    return execFileSync('which', ['promtool'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, ranges, grouping
 * clauses and numbers are taken out, minus function and aggregation names (followed by `(`) and operators.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const operators = new Set(['and', 'or', 'unless', 'bool', 'offset']);
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)].filter((m) => !m[2] && !operators.has(m[1])).map((m) => m[1]);
}

/** Every series name a scrape can hold: each family's name, with `_bucket`, `_sum` and `_count` for histograms and summaries. */
function exposed(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

type Dashboard = {
  panels: { title: string; targets: { expr: string }[] }[];
  templating: { list: { definition?: string }[] };
};

describe('monitoring files for operators', () => {
  let srv: TestServer;
  let names: Set<string>;
  beforeAll(async () => {
    srv = await startServer({ metricsToken: TOKEN });
    const res = await fetch(`${srv.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    names = exposed(await res.text());
  });
  afterAll(() => srv?.close());

  it('the name extraction takes the metrics and leaves functions, labels, ranges and grouping out', () => {
    expect(metricNames('histogram_quantile(0.99, sum by (le, route) (rate(a_bucket{route="/x{y}"}[5m]))) > 1')).toEqual(['a_bucket']);
    expect(metricNames('sum(rate(b_total{status="503"}[5m])) / sum(rate(c_total[5m])) > 0.01 and on(instance) d')).toEqual([
      'b_total',
      'c_total',
      'd',
    ]);
  });

  it.skipIf(!promtool() && process.env.CI !== 'true')('the alerting rules pass `promtool check rules`', () => {
    const out = execFileSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('every metric an alert queries is exposed by /metrics (`up` is Prometheus’s own)', () => {
    const rules = (parse(readFileSync(ALERTS, 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap(
      (g) => g.rules,
    );
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      const used = metricNames(rule.expr).filter((n) => n !== 'up');
      if (rule.alert !== 'WerkbankInstanceDown') expect(used.length, rule.alert).toBeGreaterThan(0);
      for (const name of used) expect(names.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('every metric a dashboard panel or variable queries is exposed by /metrics', () => {
    const dash = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const queries = [
      ...dash.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr }))),
      // label_values(metric, label): the metric only.
      ...dash.templating.list.flatMap((v) =>
        [...(v.definition ?? '').matchAll(/label_values\((\w+)/g)].map((m) => ({ where: 'variable', expr: m[1] })),
      ),
    ];
    expect(queries.length).toBeGreaterThan(10);
    for (const { where, expr } of queries) {
      const used = metricNames(expr);
      expect(used.length, where).toBeGreaterThan(0);
      for (const name of used) expect(names.has(name), `${where}: ${name}`).toBe(true);
    }
  });
});
