/** `werkbank migrate`: the PostgreSQL schema, and copying an embedded store into it (src/store/commands.ts does the work). */
import { print, type CliValues } from './output.js';

export async function migrateCommand(values: CliValues): Promise<number> {
  return (await import('../store/commands.js')).migrateCommand(
    {
      databaseUrl: values['database-url'] as string | undefined,
      fromData: values['from-data'] as string | undefined,
      json: values.json as boolean | undefined,
    },
    print,
  );
}
