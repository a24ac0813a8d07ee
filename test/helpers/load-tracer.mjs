// Loaded with `node --import`: appends the URL of every module the process loads to $WERKBANK_TRACE_FILE.
import { register } from 'node:module';
import { appendFileSync } from 'node:fs';

const file = process.env.WERKBANK_TRACE_FILE;
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      import { appendFileSync } from 'node:fs';
      export async function load(url, context, next) {
        appendFileSync(${JSON.stringify(file)}, url + '\\n');
        return next(url, context);
      }
    `),
);
appendFileSync(file, '# start\n');
