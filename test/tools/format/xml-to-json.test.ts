import { describe, expect, it } from 'vitest';
import xmlToJson from '../../../tools/format/xml-to-json.js';
import xmlFormatter from '../../../tools/format/xml-formatter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

/** Hostile XML: entity expansion ("billion laughs") and external entities (XXE). */
const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n  ')}
]>
<lolz>&lol9;</lolz>`;

const xxe = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<foo a="&xxe;">&xxe; &amp; &#x41;</foo>`;

describe('hostile XML is harmless', () => {
  it('billion laughs: entities are not expanded', async () => {
    const out = await runTool(xmlToJson, { xml: laughs });
    expect(out.value).toEqual({ lolz: '&lol9;' });
    expect((await runTool(xmlFormatter, { xml: laughs })).xml).toContain('<lolz>&lol9;</lolz>');
  });

  it('external SYSTEM entity: never fetched, reference kept', async () => {
    expect((await runTool(xmlToJson, { xml: xxe, indent: 0 })).json).toBe('{"foo":{"@_a":"&xxe;","#text":"&xxe; & A"}}');
    expect((await runTool(xmlFormatter, { xml: xxe, mode: 'minify' })).xml).toBe(
      '<?xml version="1.0"?><!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]><foo a="&xxe;">&xxe; &amp; &#x41;</foo>',
    );
  });

  it('caps nesting at 100 levels with the line', async () => {
    const nest = (n: number) => '<a>'.repeat(n) + '</a>'.repeat(n);
    expect((await runTool(xmlToJson, { xml: nest(100) })).elements).toBe(100);
    await expectToolError(xmlToJson, { xml: nest(101) }, 400, /nested deeper than 100 levels are not supported \(line 1, column 301\)/);
    await expectToolError(xmlFormatter, { xml: nest(5000) }, 400, /deeper than 100/);
  });
});

describe('malformed XML is a 400 with line and column', () => {
  const cases: Array<[string, RegExp]> = [
    ['<a>\n<b></a>', /Expected closing tag 'b'.* \(line 2, column 4\)/],
    ['<a></a>\n<b/>', /a second root element .*\(line 2, column 1\)/],
    ['<a>&</a>', /line 1/],
    ['', /line 1/],
    ['   ', /no root element|line 1/],
    ['<a b=1/>', /line 1/],
  ];
  for (const [xml, message] of cases) {
    it(JSON.stringify(xml), async () => {
      await expectToolError(xmlToJson, { xml }, 400, message);
      await expectToolError(xmlFormatter, { xml }, 400, message);
    });
  }
});

describe('xml-to-json', () => {
  it('keeps namespaces unless dropped, CDATA literal, comments dropped', async () => {
    const xml = '<r:x xmlns:r="urn:r"><r:y>1</r:y><!-- c --><z><![CDATA[a &amp; <b>]]></z></r:x>';
    expect((await runTool(xmlToJson, { xml })).value).toEqual({ 'r:x': { '@_xmlns:r': 'urn:r', 'r:y': '1', z: 'a &amp; <b>' } });
    expect((await runTool(xmlToJson, { xml, dropNamespaces: true })).value).toEqual({ x: { y: '1', z: 'a &amp; <b>' } });
    await expectToolError(xmlToJson, { xml, attributePrefix: '' }, 400, /attributePrefix/);
  });

  it('refuses an element named __proto__ with a 400', async () => {
    await expectToolError(xmlToJson, { xml: '<a><__proto__>x</__proto__></a>' }, 400, /cannot be converted: .*__proto__/);
  });

  it('names the elements left open at the end of the input, at the end', async () => {
    await expectToolError(
      xmlToJson,
      { xml: '<a>\n<b>1</b>\n<c>' },
      400,
      /elements <a>, <c> are never closed \(the input ends first\) \(line 3, column 4\)/,
    );
    await expectToolError(xmlToJson, { xml: '<a>\n<b>1</b>' }, 400, /element <a> is never closed .*\(line 2, column 9\)/);
  });
});
