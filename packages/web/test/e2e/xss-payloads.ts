/**
 * Known XSS payloads for the markdown safety tests (issue 15 "Safety"): the classic HTML vectors
 * (OWASP's XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet), what markdown adds
 * (link and image destinations, autolinks, reference definitions, titles, fences, footnotes) and
 * what KaTeX adds (\href, \url, trusted commands, boxes that draw outside their line).
 *
 * Every payload that runs code tries to open a dialog (alert/confirm/prompt) and to set
 * `window.__xss`; every payload that injects markup tries to create an element with the id or
 * class `pwn`. The tests assert that none of that happens and that no dangerous element,
 * attribute, URL or style reaches the page.
 */

export interface XssPayload {
  /** short name, also the heading of the payload's section in the combined document */
  name: string;
  source: string;
  /**
   * The payload opens a construct that runs to the end of the document (an unclosed fence, an
   * HTML block of type 1–5): in a combined document it must come last, and what follows it is no
   * longer markdown of its own.
   */
  swallowsRest?: boolean;
}

const run = (n: number) => `window.__xss=${n};alert(${n})`;

export const XSS_PAYLOADS: XssPayload[] = [
  // raw HTML: script and event handlers
  { name: 'script tag', source: `<script>${run(1)}</script>` },
  // "</sCrIpT >" does not end the HTML block (CommonMark wants "</script>"): the next payload's does
  { name: 'mixed-case script', source: `<ScRiPt >${run(2)}</sCrIpT >`, swallowsRest: true },
  { name: 'nested script split', source: `<scr<script>ipt>${run(3)}</scr</script>ipt>` },
  { name: 'img onerror', source: `<img src=x onerror="${run(4)}">` },
  { name: 'img onerror, no quotes, slash', source: `<img/src=x/onerror=alert(5)//>` },
  { name: 'svg onload', source: `<svg onload="${run(6)}"><circle r="40" id="pwn"/></svg>` },
  { name: 'svg script', source: `<svg><script>${run(7)}</script></svg>` },
  {
    name: 'svg animate and xlink',
    source: `<svg><a xlink:href="javascript:${run(8)}"><text x="20" y="20" class="pwn">click</text></a><animate onbegin="${run(8)}" attributeName="x" dur="1s"/></svg>`,
  },
  {
    name: 'math maction',
    source: `<math><maction actiontype="statusline" xlink:href="javascript:${run(9)}">CLICK<mtext>x</mtext></maction></math><math href="javascript:${run(9)}">M</math>`,
  },
  { name: 'body onload', source: `<body onload="${run(10)}">` },
  {
    name: 'autofocus onfocus',
    source: `<input autofocus onfocus="${run(11)}"><select autofocus onfocus="${run(11)}"></select><textarea autofocus onfocus="${run(11)}"></textarea>`,
  },
  { name: 'details ontoggle', source: `<details open ontoggle="${run(12)}"><summary>s</summary>x</details>` },
  {
    name: 'media onerror',
    source: `<video><source onerror="${run(13)}"></video><audio src=x onerror="${run(13)}"></audio>`,
  },
  {
    name: 'anchor handlers',
    source: `<a href="#" id="pwn" onclick="${run(14)}" onmouseover="${run(14)}">hover me</a>`,
  },
  { name: 'marquee onstart', source: `<marquee onstart="${run(15)}">m</marquee>` },
  {
    name: 'table background',
    source: `<table><tr><td background="javascript:${run(16)}">t</td></tr></table>`,
  },
  { name: 'raw anchor javascript', source: `<a href="jav&#x09;ascript:${run(17)}">tab</a>` },
  // frames, plugins, forms, document-level elements
  {
    name: 'iframe srcdoc',
    source: `<iframe srcdoc="<script>parent.__xss=18;parent.alert(18)</script>"></iframe>`,
  },
  { name: 'iframe javascript src', source: `<iframe src="javascript:${run(19)}"></iframe>` },
  {
    name: 'object and embed',
    source: `<object data="javascript:${run(20)}"></object><embed src="data:text/html,<script>${run(20)}</script>">`,
  },
  {
    name: 'form action',
    source: `<form action="javascript:${run(21)}"><button id="pwn" formaction="javascript:${run(21)}">go</button></form>`,
  },
  { name: 'meta refresh', source: `<meta http-equiv="refresh" content="0;url=javascript:${run(22)}">` },
  { name: 'base href', source: `<base href="javascript:${run(23)}//">` },
  { name: 'link stylesheet', source: `<link rel="stylesheet" href="https://evil.example/x.css">` },
  { name: 'style tag', source: `<style>body{display:none}.top-bar{background:red}</style>` },
  {
    name: 'fixed overlay',
    source: `<div id="pwn" class="pwn" style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>`,
  },
  {
    name: 'mXSS noscript',
    source: `<noscript><p title="</noscript><img src=x onerror=${run(24)}>"></noscript>`,
  },
  { name: 'comment breakout', source: `<!--><img src=x onerror="${run(25)}">-->` },
  { name: 'comment bang close', source: `<!-- --!><img src=x onerror="${run(26)}"> -->` },
  // markdown links and images
  { name: 'markdown link javascript', source: `[click](javascript:alert(27))` },
  { name: 'markdown link mixed case', source: `[click](JaVaScRiPt:alert(28))` },
  {
    name: 'markdown link entity-encoded',
    source: `[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(29))`,
  },
  { name: 'markdown link named entity colon', source: `[click](javascript&colon;alert(30))` },
  { name: 'markdown link tab in scheme', source: `[click](<java\tscript:alert(31)>)` },
  {
    name: 'markdown link data html',
    source: `[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgzMik8L3NjcmlwdD4=)`,
  },
  { name: 'markdown link vbscript', source: `[click](vbscript:msgbox(33))` },
  { name: 'markdown image javascript', source: `![img](javascript:alert(34))` },
  {
    name: 'markdown image data svg',
    source: `![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMzUpPjwvc3ZnPg==)`,
  },
  { name: 'markdown image vbscript', source: `![img](vbscript:msgbox(36))` },
  {
    name: 'autolink javascript',
    source: `<javascript:alert(37)> <JAVASCRIPT:alert(37)> <vbscript:msgbox(37)>`,
  },
  { name: 'autolink data', source: `<data:text/html,<script>alert(38)</script>>` },
  {
    name: 'literal autolink attribute breakout',
    source: `www.example.com/"onmouseover="alert(39)" and https://example.com/'><img src=x onerror=alert(39)>`,
  },
  { name: 'reference link', source: `[ref link][r40]\n\n[r40]: javascript:alert(40)` },
  { name: 'reference image', source: `![ref image][r41]\n\n[r41]: javascript:alert(41) "title"` },
  {
    name: 'link title breakout',
    source: `[t](https://example.com "a\\" onmouseover=\\"alert(42)") ![i](https://example.com/x.png "\\" onerror=\\"alert(42)")`,
  },
  {
    name: 'table cell html',
    source: `| a | b |\n| - | - |\n| <img src=x onerror="${run(43)}"> | [x](javascript:alert(43)) |`,
  },
  {
    name: 'footnote with html',
    source: `note[^pwn]\n\n[^pwn]: <img src=x onerror="${run(44)}"> [f](javascript:alert(44))`,
  },
  {
    name: 'task list html',
    source: `- [x] <img src=x onerror="${run(45)}">\n- [ ] <script>${run(45)}</script>`,
  },
  // code
  {
    name: 'code fence breakout',
    source:
      '```html\n</code></pre><script>' + run(46) + '</script><img src=x onerror="' + run(46) + '">\n```',
  },
  { name: 'code fence info quotes', source: '```js"onmouseover="alert(47)\nlet a = 1;\n```' },
  {
    name: 'inline code html',
    source: '`<img src=x onerror="' + run(48) + '">` and ``<script>alert(48)</script>``',
  },
  {
    name: 'mermaid click',
    source: '```mermaid\ngraph TD\nA-->B\nclick A callback "javascript:alert(49)"\n```',
  },
  // template engines
  {
    name: 'template injection',
    source: `{{constructor.constructor('${run(50)}')()}} \${alert(50)} <%= alert(50) %> #{alert(50)}`,
  },
  // KaTeX
  { name: 'katex href javascript', source: `$\\href{javascript:alert(51)}{click}$` },
  { name: 'katex url javascript', source: `$$\n\\url{javascript:alert(52)}\n$$` },
  {
    name: 'katex trusted html commands',
    source: `$\\htmlClass{pwn}{a}\\htmlId{pwn}{b}\\htmlData{onload=alert(53)}{c}\\htmlStyle{position:fixed;inset:0;background:red}{d}$`,
  },
  { name: 'katex includegraphics', source: `$\\includegraphics[height=1em]{javascript:alert(54)}$` },
  { name: 'katex math fence href', source: '```math\n\\href{javascript:alert(55)}{x}\n```' },
  {
    name: 'katex color injection',
    source: `$\\color{red;position:fixed}{x} \\textcolor{expression(alert(56))}{y}$`,
  },
  { name: 'katex raised box over the page', source: `$\\smash{\\raisebox{25em}{\\rule{80em}{25em}}}$` },
  {
    name: 'katex box left of the page',
    source: `$\\mathllap{\\rule{80em}{3em}}$ and $\\kern{-60em}\\rule{50em}{3em}$`,
  },
  { name: 'katex huge rule', source: `$\\rule{10000em}{10000em}$` },
  {
    name: 'katex macro bomb',
    source: `$\\def\\a{\\b\\b}\\def\\b{\\c\\c}\\def\\c{\\d\\d}\\def\\d{\\e\\e}\\def\\e{\\f\\f}\\def\\f{\\g\\g}\\def\\g{\\h\\h}\\def\\h{\\i\\i}\\def\\i{\\j\\j}\\def\\j{\\k\\k}\\def\\k{xx}\\a\\a\\a\\a$`,
  },
  // constructs that run to the end (placed last)
  { name: 'unclosed img', source: `<img src=x onerror="${run(58)}"` },
  { name: 'unclosed comment', source: `<!-- <img src=x onerror="${run(59)}">`, swallowsRest: true },
  { name: 'unclosed script', source: `<script>${run(60)}`, swallowsRest: true },
  {
    name: 'unclosed fence',
    source: '````\n</code></pre><script>' + run(61) + '</script>',
    swallowsRest: true,
  },
];

/**
 * Legitimate markdown that must still render (so that "nothing dangerous rendered" cannot pass on
 * a page that rendered nothing): a bold word, an external link, a formula and a table.
 */
export const SAFE_CONTROL = [
  'Control: **bold-control** and [external-control](https://example.com/ok).',
  '',
  '$x^2 + y^2$',
  '',
  '| c1 | c2 |',
  '| -- | -- |',
  '| cell-control | 2 |',
].join('\n');

/** The heading of payload `index`'s section (h2 in the combined document). */
export const sectionTitle = (index: number) => `xss-payload-${index + 1}`;

/**
 * All payloads in one markdown document, each under its own h2 heading, the ones that swallow the
 * rest of the document last, then the control (unless a payload swallowed it).
 */
export function combinedDocument(payloads: XssPayload[] = XSS_PAYLOADS): string {
  const ordered = orderedPayloads(payloads);
  const sections = ordered.map((p) => `## ${sectionTitle(payloads.indexOf(p))}\n\n${p.source}`);
  const firstSwallower = ordered.findIndex((p) => p.swallowsRest);
  const control = `## control\n\n${SAFE_CONTROL}`;
  if (firstSwallower < 0) return [...sections, control].join('\n\n');
  return [...sections.slice(0, firstSwallower), control, ...sections.slice(firstSwallower)].join('\n\n');
}

/** The payloads in document order: the ones that swallow the rest last. */
export function orderedPayloads(payloads: XssPayload[] = XSS_PAYLOADS): XssPayload[] {
  return [...payloads.filter((p) => !p.swallowsRest), ...payloads.filter((p) => p.swallowsRest)];
}

/** Indexes (into `payloads`) of the payloads whose section heading must render as a heading. */
export function headedPayloads(payloads: XssPayload[] = XSS_PAYLOADS): number[] {
  const ordered = orderedPayloads(payloads);
  const first = ordered.findIndex((p) => p.swallowsRest);
  return ordered.slice(0, first < 0 ? undefined : first + 1).map((p) => payloads.indexOf(p));
}
