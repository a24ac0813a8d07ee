/**
 * What an MCP Apps view adds to the web pages' stylesheet: no page chrome (the conversation is the page),
 * a smaller type, and the form that runs the tool again in columns. Colours and
 * fonts come from the host's style variables where it gives them (src/web/client/app-view/main.ts).
 */
export const VIEW_STYLE = `
body{font-size:15px}
main#view{max-width:none;padding:.5rem;margin:0}
main#view .primary{margin-bottom:.6rem}
main#view .card{margin-bottom:.6rem}
.rerun-box>summary{cursor:pointer;font-weight:600;color:var(--accent)}
div.rerun{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,12rem),1fr));gap:.25rem .75rem;align-items:end;margin-top:.6rem}
div.rerun .field{margin:0}
div.rerun>button{justify-self:start}
main#view[aria-busy=true]{opacity:.6}
`;
