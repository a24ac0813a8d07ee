/**
 * The pages' stylesheet (served as /web/app.css). System fonts only, light and
 * dark themes (the system's choice, or the toggle's, kept in localStorage).
 * Colours meet WCAG AA contrast in both themes.
 */
export const STYLE = `
:root{color-scheme:light dark;--bg:#fbfbfa;--fg:#1c1d1f;--muted:#565a60;--line:#d5d7db;--card:#fff;--accent:#0b57d0;--accent-fg:#fff;--ok:#1b6b34;--err:#b3261e;--err-bg:#fdecea;--ins:#dff3e3;--del:#fbe3e1;--code:#f1f2f4;--focus:#0b57d0}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#131416;--fg:#e8e9eb;--muted:#a9adb4;--line:#3a3d42;--card:#1c1e21;--accent:#8ab4f8;--accent-fg:#0b1a33;--ok:#7fd08f;--err:#ffb4ab;--err-bg:#3b1614;--ins:#15361e;--del:#43191a;--code:#25282c;--focus:#8ab4f8}}
:root[data-theme=dark]{--bg:#131416;--fg:#e8e9eb;--muted:#a9adb4;--line:#3a3d42;--card:#1c1e21;--accent:#8ab4f8;--accent-fg:#0b1a33;--ok:#7fd08f;--err:#ffb4ab;--err-bg:#3b1614;--ins:#15361e;--del:#43191a;--code:#25282c;--focus:#8ab4f8}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem;z-index:9}
header.top{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.75rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}
header.top .brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--fg)}
header.top nav{display:flex;gap:1rem;flex:1}
.balance{font-size:.9rem;color:var(--muted)}
main{max-width:72rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.6rem;margin:.25rem 0 .5rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.muted{color:var(--muted)}
dd{margin:0}
.controls{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:1rem 0}
label{font-weight:600;display:block;margin-bottom:.2rem}
.hint{font-weight:400;color:var(--muted);font-size:.88rem;display:block}
input,select,textarea,button{font:inherit;color:inherit}
input[type=text],input[type=search],input[type=number],input[type=password],select,textarea{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.45rem .6rem;width:100%}
textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;min-height:6rem;resize:vertical}
input[type=checkbox]{width:1.1rem;height:1.1rem}
button,.button{background:var(--accent);color:var(--accent-fg);border:1px solid var(--accent);border-radius:6px;padding:.45rem .9rem;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:transparent;color:var(--accent)}
button.danger{background:transparent;color:var(--err);border-color:var(--err)}
button:disabled{opacity:.6;cursor:progress}
.search{flex:1 1 20rem}.filter{flex:0 1 14rem}
ul.tools{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:.75rem}
ul.tools li{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem}
ul.tools a{font-weight:600}
ul.tools p{margin:.3rem 0 0;font-size:.9rem;color:var(--muted)}
.tag{display:inline-block;font-size:.78rem;border:1px solid var(--line);border-radius:99px;padding:0 .5rem;color:var(--muted);margin-left:.35rem}
.layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.5rem}
@media (max-width:900px){.layout{grid-template-columns:1fr}}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin-bottom:1rem}
.field{margin-bottom:.85rem}
.field.check{display:flex;gap:.5rem;align-items:flex-start}.field.check label{margin:0}
fieldset{border:1px solid var(--line);border-radius:8px;margin:0 0 .85rem;padding:.5rem .85rem}
legend{font-weight:600;padding:0 .3rem}
details>summary{cursor:pointer;font-weight:600;margin-bottom:.5rem}
.error{color:var(--err);font-size:.9rem;margin-top:.2rem}
.field [aria-invalid=true]{border-color:var(--err);border-width:2px}
.alert{border:1px solid var(--err);background:var(--err-bg);color:var(--fg);border-radius:6px;padding:.6rem .8rem;margin:.5rem 0}
.okmsg{border:1px solid var(--ok);border-radius:6px;padding:.6rem .8rem;margin:.5rem 0}
.examples{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 1rem}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88rem}
pre{background:var(--code);border-radius:6px;padding:.75rem;overflow:auto;max-height:28rem;white-space:pre-wrap;word-break:break-word}
.row{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.tablewrap{overflow:auto;max-height:28rem}
iframe.preview,iframe.pdf{width:100%;border:1px solid var(--line);border-radius:6px;background:#fff}
iframe.preview{height:20rem}iframe.pdf{height:32rem}
img.result{max-width:100%;border:1px solid var(--line);border-radius:6px;background:#fff}
.diff{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}.diff pre{margin:0}
.diff ins{background:var(--ins);text-decoration:none}.diff del{background:var(--del)}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:var(--code);padding:.4rem .6rem;border-radius:6px}
.chart svg{width:100%;height:auto;max-height:16rem}.chart text{fill:var(--muted);font-size:11px}
.legend{display:flex;flex-wrap:wrap;gap:.75rem;font-size:.85rem}.legend span::before{content:"";display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;background:var(--c)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
[hidden]{display:none!important}
`;
