import { describe, expect, it } from 'vitest';
import xmlFormatter from '../../../tools/format/xml-formatter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('xml-formatter', () => {
  it('indent edges and mode aliases', async () => {
    expect((await runTool(xmlFormatter, { xml: '<a><b/></a>', indent: 1 })).xml).toBe('<a>\n <b/>\n</a>');
    expect((await runTool(xmlFormatter, { xml: '<a><b/></a>', indent: 8, mode: 'beautify' })).xml).toBe('<a>\n        <b/>\n</a>');
    expect((await runTool(xmlFormatter, { xml: '<a>\n  <b/>\n</a>', mode: 'compact' })).xml).toBe('<a><b/></a>');
    await expectToolError(xmlFormatter, { xml: '<a/>', indent: 0 }, 400, /indent/);
    await expectToolError(xmlFormatter, { xml: '<a/>', indent: 9 }, 400, /indent/);
  });

  it('keeps processing instructions', async () => {
    expect((await runTool(xmlFormatter, { xml: '<a><?php echo 1; ?><b>x</b></a>' })).xml).toBe('<a>\n  <?php echo 1;?>\n  <b>x</b>\n</a>');
  });
});
