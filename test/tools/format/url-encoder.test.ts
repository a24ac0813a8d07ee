import { describe, expect, it } from 'vitest';
import urlEncoder from '../../../tools/format/url-encoder.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('url-encoder', () => {
  it('keeps the unreserved marks and encodes reserved characters', async () => {
    expect((await runTool(urlEncoder, { text: "-_.!~*'()" })).result).toBe("-_.!~*'()");
    expect((await runTool(urlEncoder, { text: '?#[]@+ ' })).result).toBe('%3F%23%5B%5D%40%2B%20');
    expect((await runTool(urlEncoder, { text: '😀' })).result).toBe('%F0%9F%98%80');
  });

  it('names the position of a malformed sequence', async () => {
    await expectToolError(
      urlEncoder,
      { text: 'ab%zz', mode: 'decode' },
      400,
      /at character 3: "%" must be followed by two hexadecimal digits/,
    );
    await expectToolError(urlEncoder, { text: 'ok%E2%82', mode: 'decode' }, 400, /at character 3: %E2%82 is not valid UTF-8/);
    await expectToolError(urlEncoder, { text: '50%', mode: 'decode' }, 400, /at character 3/);
    await expectToolError(urlEncoder, { text: '\uDC00' }, 400, /lone surrogate/);
  });
});
