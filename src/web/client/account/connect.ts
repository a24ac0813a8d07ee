/** The "Connect an MCP host" card's copy buttons (the card itself is server-written: src/web/connect-card.ts). */
import { $, $$, copyText } from '../dom.js';

export function initConnectCard(): void {
  const button = $('#copy-mcp-url');
  button?.addEventListener('click', () => void copyText(button.dataset.url ?? '', button));
  // A host's configuration: the code block just before its button.
  for (const b of $$('#connect [data-copy-snippet]'))
    b.addEventListener('click', () => void copyText(b.previousElementSibling?.textContent ?? '', b));
}
