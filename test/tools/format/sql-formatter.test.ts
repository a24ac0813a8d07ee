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
    await expectToolError(sqlFormatter, { sql: 'x'.repeat(100_001) }, 400, /at most 100000/);
  });

  it('formats PostgreSQL syntax the standard dialect cannot read (casts, JSON operators, $n parameters)', async () => {
    expect((await runTool(sqlFormatter, { sql: "select a::int, b->>'x' from t where c = $1" })).sql).toBe(
      "SELECT\n  a::int,\n  b ->> 'x'\nFROM\n  t\nWHERE\n  c = $1",
    );
    // What no dialect reads is still a 400 naming the place.
    await expectToolError(sqlFormatter, { sql: 'SELECT * FROM t WHERE x IN (1,2' }, 400, /`sql` could not be formatted: .*line 1/);
  });
});
