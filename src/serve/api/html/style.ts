/**
 * The browsable API's stylesheet, inline so a page is one request. Phone first: nothing is
 * wider than the screen (long URLs wrap, the thumbnail strip scrolls on its own), and the
 * controls are big enough to tap.
 */
export const STYLE = `
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
a{color:#0a58ca}
.bar{background:#1f3a5f;color:#fff;padding:.6rem 1rem;display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap}
.bar a{color:#fff;font-weight:600;text-decoration:none}
.bar span{opacity:.8;font-size:.9em}
main{max-width:72rem;margin:0 auto;padding:0 1rem 2rem}
.crumbs ol{list-style:none;margin:0;padding:.6rem 1rem;background:#f3f5f8;display:flex;flex-wrap:wrap;gap:.25rem}
.crumbs li+li::before{content:"/";margin-right:.35rem;color:#6a737d}
.head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.5rem}
h1{font-size:1.6rem;margin:1rem 0 .25rem}
h2{font-size:1.1rem;margin:.25rem 0}
.formats a{display:inline-block;border:1px solid #c8ccd1;border-radius:4px;padding:.15rem .6rem;text-decoration:none}
.description{color:#444;margin:.25rem 0 .75rem}
.request{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9rem;background:#f6f8fa;border:1px solid #d8dee4;border-radius:4px;padding:.5rem .75rem;overflow-wrap:anywhere}
pre{font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border:1px solid #d8dee4;border-radius:4px;padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:.75rem 0}
.k{color:#8250df}.s{color:#0a3069}.l{color:#116329}
.sizes{font-family:system-ui,sans-serif;font-size:.8rem}
.size{margin-right:.3rem}
.pager{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.75rem 0}
.pager a,.pager .off{border:1px solid #c8ccd1;border-radius:4px;padding:.35rem .7rem;text-decoration:none;min-width:2.75rem;text-align:center}
.pager .off{color:#8c959f;border-color:#e1e4e8}
.pager .where{color:#444;padding:0 .3rem}
.search{display:flex;gap:.4rem;margin:.75rem 0}.search input[type=search]{flex:1;font:inherit;padding:.35rem .5rem;border:1px solid #8c959f;border-radius:4px}.search button{font:inherit;padding:.35rem .8rem}
.filters{border:1px solid #d8dee4;border-radius:4px;margin:.75rem 0;padding:.5rem .75rem}
.filters summary{cursor:pointer;font-weight:600;padding:.2rem 0}
.fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.5rem .75rem;margin-top:.5rem}
.field label{display:block;font:.8rem ui-monospace,SFMono-Regular,Menlo,monospace;color:#444}
.field input,.field select{width:100%;font:inherit;padding:.35rem .4rem;border:1px solid #c8ccd1;border-radius:4px;background:#fff}
.buttons{margin:.75rem 0 .25rem;display:flex;gap:1rem;align-items:center}
button{font:inherit;font-weight:600;background:#1f3a5f;color:#fff;border:0;border-radius:4px;padding:.45rem 1.2rem;cursor:pointer}
.notice{color:#7a1a00;background:#fff4e5;border-bottom:2px solid #d4731c;padding:.6rem 1rem;overflow-wrap:anywhere}
.notice p,.notice ul{margin:.2rem 0}
.notice code{font:.85rem ui-monospace,SFMono-Regular,Menlo,monospace}
.errors{color:#a40e26;background:#ffebe9;border:1px solid #ffcecb;border-radius:4px;padding:.5rem .75rem .5rem 1.75rem}
.document{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;align-items:start;margin:1rem 0}
.cover img{width:120px;height:auto;border:1px solid #d8dee4;display:block}
.strip{grid-column:1/-1;list-style:none;display:flex;gap:.5rem;overflow-x:auto;margin:0;padding:.25rem 0 .5rem}
.strip li{flex:none}
.strip a{display:block;text-align:center;text-decoration:none;font-size:.8rem;color:#444}
.strip img{width:90px;height:auto;border:1px solid #d8dee4;display:block}
.summary{color:#444}.summary p{margin:.4rem 0}
a.out::after{content:"↗";font-size:.8em;margin-left:.15em;text-decoration:none;display:inline-block}
.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:1rem;margin:1rem 0}
.grid a{display:flex;flex-direction:column;gap:.25rem;text-decoration:none}
.grid img{width:100%;height:auto;border:1px solid #d8dee4}
.grid small{color:#6a737d}
.pages{list-style:none;padding:0;margin:1rem 0}
.page{display:grid;grid-template-columns:minmax(0,28rem) minmax(0,1fr);gap:.5rem 1.25rem;padding:1rem 0;border-top:1px solid #d8dee4}
.page h2{grid-column:1/-1}
.page-image img{width:100%;height:auto;border:1px solid #d8dee4;display:block}
.page-text p{white-space:pre-wrap;margin:0 0 .5rem;overflow-wrap:anywhere}
.highlight{background:#fff8c5;padding:.25rem .5rem}
mark{background:#ffd33d}
table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e1e4e8;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
@media (max-width:40rem){
  main{padding:0 .6rem 1.5rem}
  h1{font-size:1.3rem}
  .page{grid-template-columns:minmax(0,1fr)}
  .cover img{width:80px}
  .about h2{font-size:1rem}
  .resources td:nth-child(3),.resources th:nth-child(3){display:none}
}
`;
