import { describe, expect, it } from 'vitest';
import xmlToJson from '../../../tools/format/xml-to-json.js';
import jsonToXml from '../../../tools/format/json-to-xml.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('json-to-xml', () => {
  it('sanitises names, escapes attributes, nests arrays in arrays', async () => {
    const out = await runTool(jsonToXml, { json: '{"1st key":"<&>","@_q":"a\\"b\\nc","m":[[1,2],[]],"e":""}', declaration: false });
    expect(out.xml).toBe(
      '<root q="a&quot;b&#10;c">\n  <_1st_key>&lt;&amp;&gt;</_1st_key>\n  <m>\n    <item>1</item>\n    <item>2</item>\n  </m>\n  <m/>\n  <e></e>\n</root>',
    );
  });

  it('refuses characters XML cannot hold and bad root names', async () => {
    await expectToolError(jsonToXml, { json: '{"a":{"b":"x\\u0001"}}' }, 400, /at the top level\.a\.b holds U\+0001/);
    await expectToolError(jsonToXml, { json: '{}', rootName: 'my root' }, 400, /rootName/);
  });

  it('round-trips xml-to-json output', async () => {
    const xml = '<shop id="1">\n  <item sku="A">Pen</item>\n  <item sku="B">Ink</item>\n  <owner>Ada</owner>\n</shop>';
    const { value } = await runTool(xmlToJson, { xml });
    const back = await runTool(jsonToXml, { json: JSON.stringify(value.shop), rootName: 'shop', declaration: false });
    expect(back.xml).toBe(xml);
  });
});
