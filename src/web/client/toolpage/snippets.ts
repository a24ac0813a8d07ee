/** The tool page's curl and MCP snippets, in step with the form (never with the key), and their copy buttons. */
import { $, $$, copyText } from '../dom.js';
import type { Form } from '../form/form.js';

/** Keeps the snippets in step with the form; answers the function that redraws them. */
export function initSnippets(root: HTMLElement, form: Form, path: string): () => void {
  const snippets = () => {
    let args: Record<string, unknown>;
    try {
      args = form.collect();
    } catch {
      return;
    }
    const json = JSON.stringify(args);
    const quoted = `'${json.replace(/'/g, `'\\''`)}'`;
    $('#curl')!.textContent =
      `curl -s ${location.origin}${path} \\\n  -H "X-API-Key: $WERKBANK_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d ${quoted}`;
    $('#mcp-args')!.textContent = JSON.stringify(args, null, 2);
  };
  root.addEventListener('input', snippets);
  root.addEventListener('change', snippets);
  root.addEventListener('click', (e) => {
    // A button (adding or removing an item, say) may change the form in its own click handler: redraw after it.
    if ((e.target as HTMLElement).closest('button')) setTimeout(snippets);
  });
  snippets();
  // copyText shows its own failure on the button, so its promise is left to run.
  $$('[data-copy]').forEach((b) => b.addEventListener('click', () => void copyText($('#' + b.dataset.copy)!.textContent ?? '', b)));
  return snippets;
}
