import { describe, expect, it } from 'vitest';
import xmlFormatter from '../../../tools/format/xml-formatter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n  ')}
]>
<lolz>&lol9;</lolz>`;

const xxe = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<foo a="&xxe;">&xxe; &amp; &#x41;</foo>`;

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

