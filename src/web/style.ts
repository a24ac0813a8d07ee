/**
 * The pages' stylesheet (served as /web/app.css). System fonts only, light and
 * dark themes (the system's choice, or the toggle's, kept in localStorage).
 * Colours meet WCAG AA contrast in both themes. Nothing may widen the page:
 * grid tracks are minmax(0, …), and tables and code scroll inside their box.
 */
const VARS = `
:root{color-scheme:light dark;--bg:#fbfbfa;--fg:#1c1d1f;--muted:#565a60;--line:#d5d7db;--card:#fff;--accent:#0b57d0;--accent-fg:#fff;--ok:#1b6b34;--err:#b3261e;--err-bg:#fdecea;--ins:#dff3e3;--del:#fbe3e1;--code:#f1f2f4;--focus:#0b57d0;--hi:#eef3fd}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#131416;--fg:#e8e9eb;--muted:#a9adb4;--line:#3a3d42;--card:#1c1e21;--accent:#8ab4f8;--accent-fg:#0b1a33;--ok:#7fd08f;--err:#ffb4ab;--err-bg:#3b1614;--ins:#15361e;--del:#43191a;--code:#25282c;--focus:#8ab4f8;--hi:#1d2533}}
:root[data-theme=dark]{--bg:#131416;--fg:#e8e9eb;--muted:#a9adb4;--line:#3a3d42;--card:#1c1e21;--accent:#8ab4f8;--accent-fg:#0b1a33;--ok:#7fd08f;--err:#ffb4ab;--err-bg:#3b1614;--ins:#15361e;--del:#43191a;--code:#25282c;--focus:#8ab4f8;--hi:#1d2533}
`;

const HEADER = `
header.top{display:flex;flex-wrap:wrap;gap:.4rem 1.25rem;align-items:center;padding:.55rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}
header.top .brand{font-weight:700;font-size:1.1rem;text-decoration:none;color:var(--fg);display:inline-flex;align-items:center;gap:.4rem}
header.top .brand img{display:block}
header.top nav{display:flex;gap:1rem;flex:1}
header.top nav a{text-decoration:none;padding:.2rem 0}
header.top nav a[aria-current=page]{font-weight:600;text-decoration:underline;text-underline-offset:.3em}
.balance{font-size:.88rem;color:var(--muted)}
@media (max-width:600px){header.top{padding:.4rem .75rem;gap:.3rem .9rem}header.top .brand{font-size:1rem}header.top #theme{margin-left:auto}header.top nav{order:3;flex:1 1 100%;flex-wrap:wrap;gap:.1rem .9rem;font-size:.95rem;min-width:0}header.top nav a{overflow-wrap:anywhere}.balance{display:none}}
`;

/** The tool form: pick lists, the Run bar that stays in view on long forms, rows as cards and tables that scroll
 * under a frozen first column on phones. */
const FORMS = `
.picker{flex:1;min-width:0;display:block}
.with-unit .picker{flex:1}
.runrow{position:sticky;bottom:0;z-index:3;background:var(--bg);padding:.5rem 0;margin-top:0}
@media (max-width:600px){
.runrow{margin:0 -.75rem;padding:.55rem .75rem calc(.55rem + env(safe-area-inset-bottom));background:var(--card);border-top:1px solid var(--line);box-shadow:0 -2px 6px rgba(0,0,0,.08)}
.runrow #run{flex:1 1 auto;padding:.6rem 1rem}
.runrow #status{flex:1 1 100%;font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
table.rows-table,table.rows-table tbody,table.rows-table tr,table.rows-table td{display:block;width:100%}
table.rows-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.rows-table tr{border:1px solid var(--line);border-radius:8px;padding:.4rem .55rem;margin-bottom:.5rem;position:relative}
table.rows-table td{padding:.2rem 0}
table.rows-table td[data-label]::before{content:attr(data-label);display:block;font-size:.82rem;font-weight:600;color:var(--muted)}
table.rows-table td:last-child{text-align:right}
table.rows-table input,table.rows-table select{min-width:0;width:100%}
.tablewrap{background:linear-gradient(to right,var(--card) 30%,transparent) left/2rem 100% no-repeat local,linear-gradient(to left,var(--card) 30%,transparent) right/2rem 100% no-repeat local,radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.22),transparent) left/.8rem 100% no-repeat scroll,radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.22),transparent) right/.8rem 100% no-repeat scroll}
.tablewrap table:not(.rows-table) th:first-child,.tablewrap table:not(.rows-table) td:first-child{position:sticky;left:0;z-index:1;background:var(--card);box-shadow:1px 0 0 var(--line)}
}
`;

/** The result: an error shown as one, a result out of date, lists one per line, nested values of a row. */
const RESULT = `
.result-error{border:2px solid var(--err);background:var(--err-bg);border-radius:10px;padding:.8rem 1rem;margin-bottom:1rem;min-width:0}
.result-error:focus{outline:3px solid var(--focus);outline-offset:2px}
.error-headline{margin:0;color:var(--err);font-size:1.15rem;font-weight:700;overflow-wrap:anywhere}
.error-headline::before{content:"\\26A0\\FE0E  " / ""}
.error-where{margin:.25rem 0 0;font-weight:600}
.result-error .hint{margin-top:.35rem}
.stale-note{margin:.2rem 0 .5rem;padding:.4rem .7rem;border-left:4px solid var(--muted);background:var(--hi);font-size:.92rem}
.result-section.stale #result>:not(.result-error){opacity:.55}
.result-section.stale .primary{border-style:dashed;border-color:var(--muted)}
ul.lines{list-style:none;margin:0;padding:0}ul.lines li{margin:0}
tr.subrow>td{padding:0 .5rem .45rem;border-bottom:1px solid var(--line)}
tr.subrow details>summary{font-weight:400;font-size:.85rem;color:var(--accent)}
tr:has(+tr.subrow)>td{border-bottom:0}
.nested{margin:.3rem 0 .5rem .5rem;padding-left:.6rem;border-left:2px solid var(--line)}
.nested h5{margin:.3rem 0 .2rem;font-size:.85rem}
.nested .tablewrap{max-height:none}
dl.nested-fields{grid-template-columns:repeat(auto-fill,minmax(min(100%,9rem),1fr));gap:.2rem .8rem}
dl.summary>div.folded{grid-column:1/-1}dl.summary>div.folded summary{font-weight:400;color:var(--accent)}dl.summary>div.folded dl{margin:.3rem 0 .2rem .6rem}
`;

/** The account pages: the Connect card, usage tiles, passkey and application lists, the confirmation dialog. */
const ACCOUNT = `
.connect .copyline{margin:.3rem 0 .6rem}.connect .copyline code{background:var(--code);padding:.3rem .5rem;border-radius:6px;overflow-wrap:anywhere;min-width:0}
details.host{border-top:1px solid var(--line);padding:.45rem 0}details.host:last-of-type{border-bottom:1px solid var(--line);margin-bottom:.5rem}
details.host ol{padding-left:1.4rem;margin:.4rem 0}details.host li{margin:.2rem 0}
dl.usage-tiles{margin:.25rem 0 .75rem}#usage-per-tool th.num{text-align:right}.tile-figure{font-size:1.35rem;font-weight:700;font-variant-numeric:tabular-nums}
ul.entries{list-style:none;padding:0;margin:.5rem 0}
li.entry{display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center;padding:.55rem 0;border-bottom:1px solid var(--line)}
.entry-name{flex:1 1 12rem;min-width:0;overflow-wrap:anywhere}.entry-actions{margin-left:auto}
form.rename{flex:1 1 16rem;min-width:0}form.rename input{flex:1 1 8rem;width:auto}
.add-passkey input{flex:1 1 12rem;width:auto}
dialog.confirm{background:var(--card);color:var(--fg);border:1px solid var(--line);border-radius:10px;padding:1rem 1.25rem;max-width:min(30rem,calc(100vw - 2rem))}
dialog.confirm::backdrop{background:rgb(0 0 0/.45)}dialog.confirm h2{margin-top:0}
`;

/**
 * The catalogue (the search in the site header, popular tools, toolsets under headings) and the API reference page.
 * On a phone the filter and the cards are compact, so the first screen shows the first tools, not only the intro.
 */
const CATALOGUE = `
header.top form.search{flex:0 1 26rem;min-width:0;margin:0}
header.top form.search input{padding:.35rem .6rem}
@media (max-width:600px){header.top form.search{order:2;flex:1 1 100%}}
.controls .filter{flex:0 1 16rem}.controls #count{margin:0 0 .5rem}
#popular h2,section.set h2{font-size:1.15rem;margin:1.1rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
#popular ul.tools,section.set ul.tools{margin:0}
section.set .tag{display:none}
.api-toc ul{list-style:none;padding:0;margin:0;columns:14rem;column-gap:1.5rem}.api-toc li{break-inside:avoid;padding:.1rem 0}
.api-tag>h2{margin-top:1.75rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
.api-op{border-bottom:1px solid var(--line);padding:.4rem 0 .5rem;scroll-margin-top:1rem}
.api-op h3{margin:.3rem 0 .2rem;font-size:1rem;overflow-wrap:anywhere}.api-op>p{margin:.1rem 0 .3rem;max-width:52rem}
.api-method{display:inline-block;min-width:3.6rem;font:600 .78rem/1.6 ui-monospace,monospace;border:1px solid var(--accent);color:var(--accent);border-radius:4px;text-align:center;margin-right:.3rem}
.api-op details>summary{font-weight:400;color:var(--accent);font-size:.92rem}
dl.api-fields{margin:.2rem 0 .5rem;max-width:52rem}dl.api-fields dt{margin-top:.45rem;overflow-wrap:anywhere}dl.api-fields dd{margin:0 0 0 1rem;font-size:.92rem}
ul.api-answers{margin:.2rem 0 .5rem;padding-left:1.2rem;font-size:.92rem}
@media (max-width:600px){.intro{margin-bottom:.4rem}.controls{margin:.5rem 0 0;gap:.5rem;flex-wrap:nowrap;align-items:center}.controls .filter{display:flex;align-items:center;gap:.5rem;flex:1 1 auto}.controls .filter label{margin:0}.controls #count{margin:0;white-space:nowrap}
#popular h2{margin-top:.6rem}ul.tools{gap:.5rem}ul.tools li{padding:.55rem .75rem;gap:.2rem}}
`;

export const STYLE = `${VARS}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem;z-index:9}
${HEADER}
main{max-width:76rem;margin:0 auto;padding:1rem 1.25rem 2rem;overflow-wrap:break-word}
@media (max-width:600px){main{padding:.75rem .75rem 2rem}}
h1{font-size:1.55rem;line-height:1.25;margin:.2rem 0 .4rem}h2{font-size:1.2rem;margin:1.25rem 0 .5rem}h3{font-size:1.05rem;margin:.75rem 0 .4rem}h4{font-size:.95rem;margin:.75rem 0 .3rem}
.muted{color:var(--muted)}
.task progress{display:block;width:100%;height:1rem;margin:.5rem 0;accent-color:var(--accent)}
.intro{max-width:52rem;margin:.25rem 0 .75rem}
.lead{margin:.2rem 0 .4rem;max-width:52rem}
.crumbs{font-size:.9rem;margin:0 0 .2rem}
details.about{margin:0 0 .5rem;max-width:52rem}details.about>summary{font-weight:400;color:var(--accent);margin:0}details.about p{margin:.4rem 0}
dd{margin:0}
dl.terms{margin:1rem 0}dl.terms dt{font-size:.85rem;color:var(--muted);margin-top:.6rem}dl.terms dt:first-child{margin-top:0}dl.terms dd{overflow-wrap:anywhere}
.controls{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:.75rem 0 .25rem}
label,legend{font-weight:600}
label{display:block;margin-bottom:.2rem}
.req{font-weight:400;color:var(--muted);font-size:.85rem}
.hint{font-weight:400;color:var(--muted);font-size:.88rem;display:block;margin-top:.15rem}
.hint code,.lead code,details.about code{background:var(--code);padding:0 .2rem;border-radius:3px}
input,select,textarea,button{font:inherit;color:inherit}
input[type=text],input[type=search],input[type=number],input[type=password],input[type=date],input[type=time],input[type=datetime-local],select,textarea{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.45rem .6rem;width:100%;min-width:0;max-width:100%}
textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;min-height:5.5rem;resize:vertical}
input[type=checkbox],input[type=radio]{width:1.1rem;height:1.1rem;margin:.2rem 0 0;flex:none}
button,.button{background:var(--accent);color:var(--accent-fg);border:1px solid var(--accent);border-radius:6px;padding:.45rem .9rem;cursor:pointer;text-decoration:none;display:inline-block;line-height:1.3}
button.secondary,.button.secondary{background:transparent;color:var(--accent)}
button.small,.button.small{padding:.2rem .55rem;font-size:.88rem}
button.danger{background:transparent;color:var(--err);border-color:var(--err)}
button:disabled{opacity:.55;cursor:not-allowed}
button[aria-pressed=true]{background:var(--accent);color:var(--accent-fg)}
.search{flex:1 1 18rem;min-width:0}.filter{flex:0 1 16rem;min-width:0}
ul.tools{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));gap:.75rem}
ul.tools li{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem;display:flex;flex-direction:column;gap:.3rem;min-width:0}
ul.tools a{font-weight:600}
ul.tools p{margin:0;font-size:.9rem;color:var(--muted);flex:1}
.tag{display:inline-block;align-self:flex-start;font-size:.78rem;border:1px solid var(--line);border-radius:99px;padding:0 .5rem;color:var(--muted)}
.layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.75rem;align-items:start}
@media (max-width:900px){.layout{grid-template-columns:minmax(0,1fr);gap:.5rem}}
.layout.wide{grid-template-columns:minmax(0,1fr);gap:.5rem}.layout.wide>.input-section{max-width:46rem}
.layout>section{min-width:0}
.layout h2{margin-top:.6rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin-bottom:1rem;min-width:0}
.field{margin-bottom:.85rem;min-width:0}
.field.short input,.field.short select{max-width:22rem}
.field.check{display:flex;gap:.55rem;align-items:flex-start}.field.check label{margin:0}
.with-unit{display:flex;align-items:center;gap:.4rem;max-width:22rem}.with-unit input{flex:1}
.unit{color:var(--muted);font-size:.95rem;white-space:nowrap}
fieldset{border:1px solid var(--line);border-radius:8px;margin:0 0 .85rem;padding:.5rem .85rem .75rem;min-width:0}
legend{padding:0 .3rem}
details.group{border:1px solid var(--line);border-radius:8px;margin:0 0 .85rem;padding:.5rem .85rem}
details.group[open]>summary{margin-bottom:.6rem}
details>summary{cursor:pointer;font-weight:600}
ol.itemlist{margin:.3rem 0 .5rem;padding-left:1.6rem}
ol.itemlist li{display:flex;gap:.4rem;align-items:flex-start;margin-bottom:.4rem}
ol.itemlist li>input,ol.itemlist li>textarea,ol.itemlist li>select{flex:1}
table.rows-table{font-size:.9rem}
table.rows-table td{padding:.2rem .25rem;border-bottom:0}
table.rows-table th{padding:.2rem .25rem;font-size:.85rem;white-space:nowrap}
table.rows-table input,table.rows-table select{min-width:6.5rem;padding:.3rem .4rem}
table.rows-table input[type=checkbox]{min-width:0}
button.remove{padding:.15rem .55rem;line-height:1.2}
.error{color:var(--err);font-size:.9rem;margin-top:.2rem}
.error:empty{display:none}
[aria-invalid=true]{border-color:var(--err)!important;border-width:2px!important}
.alert{border:1px solid var(--err);background:var(--err-bg);color:var(--fg);border-radius:6px;padding:.6rem .8rem;margin:.5rem 0}
.okmsg{border:1px solid var(--ok);border-radius:6px;padding:.6rem .8rem;margin:.5rem 0}
.examples{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.25rem 0 .9rem}
.runrow{margin-top:.5rem}
.kbd-hint{margin-top:.4rem}
@media (hover:none){.kbd-hint{display:none}}
.keybox{margin-top:1rem;padding:.6rem .8rem}.keybox .keyline{margin:0;font-size:.92rem}.keybox .row input{flex:1 1 12rem}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88rem}
pre{background:var(--code);border-radius:6px;padding:.75rem;overflow:auto;max-height:28rem;white-space:pre-wrap;word-break:break-word;max-width:100%;margin:.4rem 0}
pre.code{white-space:pre;word-break:normal}
.row{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}td.nowrap{white-space:nowrap}
.tablewrap{overflow:auto;max-height:28rem;max-width:100%;position:relative}
iframe.preview,iframe.pdf{width:100%;border:1px solid var(--line);border-radius:6px;background:#fff}
iframe.preview{height:18rem}iframe.pdf{height:32rem}
img.result{max-width:100%;height:auto;border:1px solid var(--line);border-radius:6px;background:#fff}
.diff{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:.5rem}.diff pre{margin:0}
.diff ins{background:var(--ins);text-decoration:none}.diff del{background:var(--del)}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:var(--code);padding:.4rem .6rem;border-radius:6px}
.chart svg{width:100%;height:auto;max-height:16rem}.chart text{fill:var(--muted);font-size:11px}
.legend{display:flex;flex-wrap:wrap;gap:.75rem;font-size:.85rem}.legend span::before{content:"";display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;background:var(--c)}
.primary{background:var(--card);border:2px solid var(--accent);border-radius:10px;padding:.9rem 1rem;margin-bottom:1rem;min-width:0}
.primary:focus{outline:3px solid var(--focus);outline-offset:2px}
.primary .actions{margin-top:.6rem}
.figure-label{margin:0;color:var(--muted);font-weight:600}
.figure{margin:.1rem 0;font-size:2rem;font-weight:700;line-height:1.2;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.figure .unit{font-size:1.2rem;font-weight:600;color:var(--fg)}
.figure-detail{margin:.2rem 0 0;font-size:1.1rem}
.answer{margin:0;font-size:1.25rem;font-weight:600;overflow-wrap:anywhere}
.code-lang{margin:0;font-size:.85rem;color:var(--muted);font-weight:600}
ol.values{margin:0;padding-left:2rem;max-height:24rem;overflow:auto}
ol.values li{display:flex;gap:.5rem;align-items:center;justify-content:space-between;padding:.15rem 0;border-bottom:1px solid var(--line)}
ol.values code{overflow-wrap:anywhere;min-width:0}
ol.values.single{list-style:none;padding:0}ol.values.single li{border:0}ol.values.single code{font-size:1.15rem}
ul.files{padding-left:1.2rem}ul.files li{margin:.25rem 0}
dl.summary{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,10rem),1fr));gap:.5rem 1rem;margin:0}
dl.summary>div{min-width:0;border-bottom:1px solid var(--line);padding:.2rem 0}
dl.summary dt{font-size:.82rem;color:var(--muted)}
dl.summary dd{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.notes{font-size:.92rem;color:var(--muted);margin:0 0 1rem}.notes p{margin:.3rem 0}.notes strong{color:var(--fg)}
.tables{margin-bottom:1rem}
details.raw>summary{margin:0}details.raw[open]>summary{margin-bottom:.5rem}
.call{margin-top:1.5rem}
dl.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,10rem),1fr));gap:.5rem;margin:0}dl.facts .card{margin:0;padding:.5rem .7rem}dl.facts dt{font-size:.85rem}
ul.keys{list-style:none;padding:0;margin:.5rem 0}
ul.keys li{display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center;padding:.55rem 0;border-bottom:1px solid var(--line)}
ul.keys li.current{background:var(--hi)}
.key-name{display:flex;gap:.5rem;align-items:center;flex:1 1 14rem;min-width:0}
.badge{font-size:.78rem;border:1px solid var(--ok);color:var(--ok);border-radius:99px;padding:0 .45rem}
.badge.warn{border-color:var(--err);color:var(--err)}
.ok{color:var(--ok)}
.segmented{display:flex;gap:.35rem;margin-bottom:.5rem}
.create-key{margin-bottom:.5rem}.create-key label{margin:0}.create-key input{flex:0 1 16rem}
.suggestions{margin-bottom:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
${RESULT}
${ACCOUNT}
${CATALOGUE}
[hidden]{display:none!important}
${FORMS}`;

/** /docs: the site header only (Redoc styles the rest itself). */
export const DOCS_STYLE = `${VARS}
body.docs{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff;color:#1c1d1f}
body.docs header.top{--card:#fff;--fg:#1c1d1f;--line:#d5d7db;--accent:#0b57d0}
body.docs a{color:#0b57d0}
${HEADER}
`;
