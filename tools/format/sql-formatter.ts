import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/**
 * The library's parser (nearley, an Earley parser) is slow on any SQL: measured on a loaded 2-core machine, a run of
 * `;` costs time quadratic in its length (5,000 took 0.8 s of CPU), and input no dialect reads is parsed once per
 * dialect (5,000 characters of `(((1)))` groups: 0.4 to 0.9 s). 4,000 characters keep every shape measured under
 * about half a second; 100,000 took up to 28 s.
 */
const MAX_SQL = 4_000;

/** Brackets nested deeper cost time quadratic in the depth (1,000 levels: 3 s), so they are refused before parsing. */
const MAX_DEPTH = 100;

const loadSqlFormatter = lazy(() => import('sql-formatter'));

/** Tried in this order; the first that reads the input formats it. */
const DIALECTS = ['sql', 'postgresql', 'mysql', 'sqlite', 'transactsql'] as const;

export default defineTool({
  slug: 'sql-formatter',
  worker: { reason: "the formatter's parser can take seconds on hostile SQL", timeMs: 5_000, field: 'sql' },
  title: 'SQL formatter',
  summary: 'Make a SQL query readable: one clause per line, keywords in capitals.',
  keywords: {
    en: ['SQL beautifier', 'pretty print SQL', 'format query', 'indent SQL', 'SQL', 'format SQL', 'query'],
    nl: ['sql opmaken', 'query opmaken', 'sql formatteren', 'sql', 'query', 'sql netjes'],
  },
  description:
    'Formats SQL for reading: keywords in upper case, each major clause (SELECT, FROM, WHERE, GROUP BY, ORDER BY, JOIN, VALUES, SET...) on its own line, items indented 2 spaces, statements separated by a blank line. ' +
    'Reads it as standard SQL, or else as PostgreSQL, MySQL, SQLite or T-SQL (the first dialect of the sql-formatter library that reads it: `::int`, `->>`, `$1`, backticks and [brackets] all format); identifiers, strings and comments are kept as written. ' +
    `It does not validate SQL: it only tokenizes and lays out. Input no dialect can read (an unclosed string or bracket) is a 400 naming the line. ` +
    `Up to ${MAX_SQL.toLocaleString('en-US')} characters, with brackets nested at most ${MAX_DEPTH} deep, those in quotes included (the formatter's parser slows down sharply beyond either).`,
  resultView: { kind: 'code', field: 'sql', language: 'sql' },
  input: z.strictObject({
    sql: z
      .string()
      .max(MAX_SQL)
      .describe(`One or more SQL statements, up to ${MAX_SQL.toLocaleString('en-US')} characters`),
  }),
  output: z.object({
    sql: z.string().describe('The formatted SQL'),
  }),
  examples: [
    {
      name: 'Select with join and filter',
      input: {
        sql: "select id, name from users u join orders o on o.user_id = u.id where o.total > 10 and u.country = 'NL' order by name",
      },
      output: {
        sql: "SELECT\n  id,\n  name\nFROM\n  users u\n  JOIN orders o ON o.user_id = u.id\nWHERE\n  o.total > 10\n  AND u.country = 'NL'\nORDER BY\n  name",
      },
    },
    {
      name: 'Two statements',
      input: { sql: "insert into t (a, b) values (1, 'x'); update t set b = 'y' where a = 1;" },
      output: { sql: "INSERT INTO\n  t (a, b)\nVALUES\n  (1, 'x');\n\nUPDATE t\nSET\n  b = 'y'\nWHERE\n  a = 1;" },
    },
  ],
  async run({ sql }) {
    const depth = bracketDepth(sql);
    if (depth > MAX_DEPTH)
      throw new ToolError(`\`sql\` nests brackets ${depth} deep; at most ${MAX_DEPTH} are formatted`, 400, { field: 'sql' });
    const { format } = await loadSqlFormatter();
    let first: Error | undefined;
    for (const language of DIALECTS)
      try {
        return { sql: format(sql, { language, keywordCase: 'upper', tabWidth: 2 }) };
      } catch (e) {
        first ??= e as Error; // the standard dialect's complaint names the problem best
      }
    const message = first!.message.split('\n')[0].replace(/^Parse error:\s*/, '');
    throw new ToolError(`\`sql\` could not be formatted: ${message}`, 400, { field: 'sql' });
  },
});

/** The deepest nesting of (, [ and { anywhere in the text (quotes are not skipped: a bound, not a parse). */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return deepest;
}
