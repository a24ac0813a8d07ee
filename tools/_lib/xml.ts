/**
 * Well-formedness checks shared by the XML tools: fast-xml-parser's
 * validator (which names line and column), plus what it lets pass: more
 * than one root element, no root at all, and nesting deeper than MAX_DEPTH.
 * The scan also counts elements and finds the DOCTYPE, whose entity
 * declarations the tools never expand.
 */
import { ToolError } from '../../src/core/tool.js';
import { MAX_DEPTH, lineColumn } from './json-text.js';
import { lazy } from './lazy.js';

/** fast-xml-parser, loaded on first use (the XML tools' parser too). */
export const loadFastXmlParser = lazy(() => import('fast-xml-parser'));

export interface XmlShape {
  /** Number of elements in the document. */
  elements: number;
  /** Where the `<!DOCTYPE ...>` declaration is, if any (end exclusive). */
  doctype?: { start: number; end: number };
}

function refuse(field: string, xml: string, reason: string, offset: number): never {
  const { line, column } = lineColumn(xml, offset);
  throw new ToolError(`\`${field}\` is not well-formed XML: ${reason} (line ${line}, column ${column})`, 400, { field });
}

/** End (exclusive) of the DOCTYPE declaration starting at `start`: quotes, the [internal subset] and comments in it respected. */
function doctypeEnd(xml: string, start: number): number {
  let quote = '';
  let inSubset = false;
  for (let i = start + 2; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (inSubset && xml.startsWith('<!--', i)) {
      const close = xml.indexOf('-->', i + 4);
      i = close === -1 ? xml.length : close + 2;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') inSubset = true;
    else if (c === ']') inSubset = false;
    else if (c === '>' && !inSubset) return i + 1;
  }
  return xml.length;
}

/** Skips past `close` from `from`; the end of the text when it is missing. */
function after(xml: string, close: string, from: number): number {
  const at = xml.indexOf(close, from);
  return at === -1 ? xml.length : at + close.length;
}

/** Validates `xml` (request field `field`) and returns its shape; a 400 with line and column otherwise. */
export async function checkXml(xml: string, field: string): Promise<XmlShape> {
  const { XMLValidator } = await loadFastXmlParser();
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: false });
  if (result !== true) {
    const msg = result.err.msg.replace(/\.$/, '');
    // Elements still open at the end are reported at line 1, column 1: name them and point at the end.
    const open = /^Unclosed tag '(.+)'$/.exec(msg)?.[1] ?? /^Invalid '\[(.*)\]' found$/s.exec(msg)?.[1];
    if (open !== undefined) {
      const names = open.startsWith('[') || open.includes('"') ? (JSON.parse(`[${open}]`) as string[]) : [open];
      const list = names.map((n) => `<${n}>`).join(', ');
      refuse(
        field,
        xml,
        `${names.length > 1 ? `elements ${list} are` : `element ${list} is`} never closed (the input ends first)`,
        xml.length,
      );
    }
    refuse(field, xml, msg, offsetOf(xml, result.err.line ?? 1, result.err.col ?? 1));
  }
  const shape: XmlShape = { elements: 0 };
  let depth = 0;
  let roots = 0;
  let i = 0;
  while ((i = xml.indexOf('<', i)) !== -1) {
    if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = after(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) i = after(xml, '?>', i + 2);
    else if (xml.startsWith('<!DOCTYPE', i)) {
      const end = doctypeEnd(xml, i);
      shape.doctype = { start: i, end };
      i = end;
    } else if (xml[i + 1] === '/') {
      depth--;
      i = after(xml, '>', i);
    } else {
      let j = i + 1;
      for (let quote = ''; j < xml.length; j++) {
        const c = xml[j];
        if (quote) quote = c === quote ? '' : quote;
        else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      shape.elements++;
      if (depth === 0 && ++roots > 1) refuse(field, xml, 'a second root element (a document has exactly one)', i);
      if (xml[j - 1] !== '/' && ++depth > MAX_DEPTH)
        refuse(field, xml, `elements nested deeper than ${MAX_DEPTH} levels are not supported`, i);
      i = j + 1;
    }
  }
  if (roots === 0) refuse(field, xml, 'no root element', xml.length);
  return shape;
}

/** Offset of a 1-based line and column. */
function offsetOf(xml: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = xml.indexOf('\n', offset);
    if (nl === -1) break;
    offset = nl + 1;
  }
  return offset + column - 1;
}

/** `xml` with its DOCTYPE blanked out (line breaks kept, so line numbers stay right). */
export function withoutDoctype(xml: string, shape: XmlShape): string {
  if (!shape.doctype) return xml;
  const { start, end } = shape.doctype;
  return xml.slice(0, start) + xml.slice(start, end).replace(/[^\n]/g, ' ') + xml.slice(end);
}
