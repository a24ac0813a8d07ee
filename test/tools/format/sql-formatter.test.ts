import { describe, expect, it } from 'vitest';
import sqlFormatter from '../../../tools/format/sql-formatter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('sql-formatter', () => {
  it('upper-cases keywords but keeps identifiers, strings and comments', async () => {
    expect((await runTool(sqlFormatter, { sql: "select Name -- who\nfrom Users where note = 'select me'" })).sql).toBe(
      "SELECT\n  Name -- who\nFROM\n  Users\nWHERE\n  note = 'select me'",
    );
  });

  it('refuses what it cannot tokenize, and inputs over the limit', async () => {
    await expectToolError(sqlFormatter, { sql: "select 'open" }, 400, /`sql` could not be formatted/);
    await expectToolError(sqlFormatter, { sql: 'x'.repeat(4_001) }, 400, /at most 4000/);
  });

  it('formats the worst shapes at the limit, and refuses brackets nested deeper than 100 before parsing', async () => {
    // Statements to the limit: each still formatted, blank-line separated.
    const statements = 'select a from t where (x = 1 and (y = 2 or z in (1, 2, 3)));\n'.repeat(64);
    expect(statements.length).toBeLessThanOrEqual(4_000);
    const out = (await runTool(sqlFormatter, { sql: statements })).sql;
    expect(out.split('\n\n')).toHaveLength(64);
    expect(out.split('\n\n')[63]).toBe(
      'SELECT\n  a\nFROM\n  t\nWHERE\n  (\n    x = 1\n    AND (\n      y = 2\n      OR z IN (1, 2, 3)\n    )\n  );',
    );
    // 100 levels format; 101 are refused, naming the depth, even inside quotes (a bound, not a parse).
    const nested = (depth: number) => 'select ' + '('.repeat(depth) + '1' + ')'.repeat(depth);
    expect((await runTool(sqlFormatter, { sql: nested(100) })).sql).toMatch(/^SELECT\n {2}\(/);
    await expectToolError(sqlFormatter, { sql: nested(101) }, 400, /`sql` nests brackets 101 deep; at most 100/);
    await expectToolError(sqlFormatter, { sql: '['.repeat(2_000) + ']'.repeat(2_000) }, 400, /nests brackets 2000 deep/);
    // Close brackets never push the depth below zero, so a run of them cannot hide deeper nesting after it.
    await expectToolError(sqlFormatter, { sql: ')'.repeat(200) + nested(101) }, 400, /nests brackets 101 deep/);
  });

  it('formats PostgreSQL syntax the standard dialect cannot read (casts, JSON operators, $n parameters)', async () => {
    expect((await runTool(sqlFormatter, { sql: "select a::int, b->>'x' from t where c = $1" })).sql).toBe(
      "SELECT\n  a::int,\n  b ->> 'x'\nFROM\n  t\nWHERE\n  c = $1",
    );
    // What no dialect reads is still a 400 naming the place.
    await expectToolError(sqlFormatter, { sql: 'SELECT * FROM t WHERE x IN (1,2' }, 400, /`sql` could not be formatted: .*line 1/);
  });
});
