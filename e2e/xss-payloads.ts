/**
 * Attack strings for the stored-XSS journey (e2e/xss.e2e.ts). Each one, if it ever ran, reports itself: it
 * calls `__xss(ID)` (a Playwright binding that counts calls) or opens a dialog whose message is its ID.
 *
 * `proof` names the place a careless app would put the string, where it does run: the journey first serves
 * a page with every payload put there, with no Content-Security-Policy, and checks that each one reports
 * itself, so none of these is a dud that would pass whatever the app does.
 *   html      the string put into the page as HTML (a server template without escaping)
 *   attr      inside a double-quoted attribute: <input value="...">
 *   attr1     inside a single-quoted attribute: <input value='...'>
 *   url       as a link's address: <a href="...">, then clicked
 *   textarea  inside <textarea>...</textarea>; title and style likewise
 *   script    inside string literals of an inline script ("...", '...', `...`)
 *   markdown  through a naive Markdown link/image converter, then clicked
 *   template  through a naive {{ }} / ${ } / #{ } / <%= %> expression template
 */

export type ProofContext =
  | "html"
  | "attr"
  | "attr1"
  | "url"
  | "textarea"
  | "title"
  | "style"
  | "script"
  | "markdown"
  | "template";

export interface Payload {
  id: number;
  text: string;
  proof: ProofContext;
}

const list: Array<[ProofContext, string]> = [
  // Classic script elements
  ["html", "<script>__xss(1)</script>"],
  ["html", "<ScRiPt>__xss(2)</sCrIpT>"],
  ["html", '<script src="data:text/javascript,__xss(3)"></script>'],
  ["html", "<script>alert(4)</script>"],
  // Event handlers on elements that fire by themselves
  ["html", "<img src=x onerror=__xss(5)>"],
  ["html", "<IMG SRC=x ONERROR=__xss(6)>"],
  ["html", '<img src=x onerror="__xss(7)">'],
  ["html", '<img/src="x"/onerror=__xss(8)>'],
  ["html", "<img src=x onerror=alert(9)>"],
  ["html", "<svg onload=__xss(10)>"],
  ["html", "<svg><script>__xss(11)</script></svg>"],
  ["html", "<svg><animate onbegin=__xss(12) attributeName=x dur=1s>"],
  ["html", "<video><source onerror=__xss(13)></video>"],
  ["html", '<iframe srcdoc="<script>parent.__xss(14)</script>"></iframe>'],
  ["html", '<iframe src="javascript:parent.__xss(15)"></iframe>'],
  ["html", "<iframe onload=__xss(16)></iframe>"],
  ["html", "<body onload=__xss(17)>"],
  ["html", "<math><style><img src=x onerror=__xss(18)></style></math>"],
  ["html", "<details open ontoggle=__xss(19)>"],
  ["html", "<audio src=x onerror=__xss(20)>"],
  ["html", "<input autofocus onfocus=__xss(21)>"],
  ["html", "<select autofocus onfocus=__xss(22)></select>"],
  ["html", "<textarea autofocus onfocus=__xss(23)></textarea>"],
  ["html", "<style onload=__xss(24)>*{}</style>"],
  ["html", '<noscript><p title="</noscript><img src=x onerror=__xss(25)>">'],
  ["html", "<a href=javascript:__xss(26)>x</a>"],
  ["html", "<form><button formaction=javascript:__xss(27)>x</button></form>"],
  ["html", "<img src=x onerror=eval('__x'+'ss(28)')>"],
  ["html", "<img src=x onerror=window['__xss'](29)>"],
  ["html", "<img src=x onerror=top['__xs'+'s'](30)>"],
  ["html", "<svg/onload=__xss(31)>"],
  ["html", "<svg><style><img src=x onerror=__xss(32)></style></svg>"],
  ["html", '<svg></p><style><a id="</style><img src=1 onerror=__xss(33)>">'],
  ["html", "<p contenteditable autofocus onfocus=__xss(34)>x</p>"],
  ["html", "<img src=x oNeRrOr=__xss(35)>"],
  ["html", "<img src=x onerror\n=__xss(36)>"],
  ["html", "<<img src=x onerror=__xss(37)>"],
  ["html", "<svg><foreignObject><img src=x onerror=__xss(38)>"],
  ["html", "<picture><img src=x onerror=__xss(39)></picture>"],
  ["html", "<input type=image src=x onerror=__xss(40)>"],
  ["html", "<video src=x onerror=__xss(41)></video>"],
  ["html", "<button autofocus onfocus=__xss(42)>x</button>"],
  ["html", "<xss id=x tabindex=1 autofocus onfocus=__xss(43)></xss>"],
  ["html", "<img src=x onerror=top.__xss(44)>"],
  ["html", "<img src=x onerror=confirm(45)>"],
  ["html", "<img src=x onerror=prompt(46)>"],
  ["html", "<img src=x:alert(47) onerror=eval(src)>"],
  ["html", "<img src=x onerror=setTimeout('__xss(48)')>"],
  ["html", "<img src=x onerror=Function('__xss(49)')()>"],
  ["html", "<img src=x onerror=[50].find(__xss)>"],
  ["html", "<img src=x onerror=__xss`51`>"],
  ["html", "<svg><set onbegin=__xss(52) attributeName=x to=1>"],
  // Encoded and Unicode variants
  ["html", "<img src=x onerror=&#95;&#95;xss(53)>"],
  ["html", '<img src=x onerror="&#x5f;&#x5f;xss&#40;54&#41;">'],
  ["html", "<img src=x onerror=\\u005f\\u005fxss(55)>"],
  ["html", "<img src=x onerror=eval(atob('X194c3MoNTYp'))>"],
  ["html", "\u202e<img src=x onerror=__xss(57)>"],
  ["html", '<img src=x onerror=__xss(58) alt="💭 sueño «ñ»">'],
  ["html", "<img src=x\u200b\ufeff onerror=__xss(59)>"],
  ["html", "<img src=x onerror=eval(String.fromCharCode(95,95,120,115,115,40,54,48,41))>"],
  // Attribute breakers
  ["attr", '"><script>__xss(61)</script>'],
  ["attr", '"><img src=x onerror=__xss(62)>'],
  ["attr", '" autofocus onfocus=__xss(63) x="'],
  ["attr", '" autofocus onfocusin=__xss(64) x="'],
  ["attr", '"/><svg onload=__xss(65)>'],
  ["attr", '"><iframe srcdoc="<script>parent.__xss(66)</script>">'],
  ["attr", '"><details open ontoggle=__xss(67)>'],
  ["attr", '"><input autofocus onfocus=__xss(68)>'],
  ["attr", '"><img src=x onerror=__xss(69)//'],
  ["attr1", "'><img src=x onerror=__xss(70)>"],
  ["attr1", "' autofocus onfocus=__xss(71) x='"],
  ["attr1", "'><svg onload=__xss(72)>"],
  // Breaking out of raw-text elements and inline scripts
  ["textarea", "</textarea><script>__xss(73)</script>"],
  ["textarea", "</textarea><img src=x onerror=__xss(74)>"],
  ["title", "</title><img src=x onerror=__xss(75)>"],
  ["style", "</style><img src=x onerror=__xss(76)>"],
  ["style", "</style><svg onload=__xss(77)>"],
  ["script", "</script><img src=x onerror=__xss(78)>"],
  ["script", '";__xss(79);//'],
  ["script", "'-__xss(80)-'"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the attack string itself, not a template
  ["script", "${__xss(81)}"],
  ["script", "</script><script>__xss(82)</script>"],
  // javascript: addresses
  ["url", "javascript:__xss(83)"],
  ["url", "JaVaScRiPt:__xss(84)"],
  ["url", "java\tscript:__xss(85)"],
  ["url", "&#106;avascript:__xss(86)"],
  ["url", "javascript&colon;__xss(87)"],
  ["url", "javascript:/*</textarea><svg/onload=__xss(88)>*/__xss(88)"],
  ["url", "javascript:alert(89)"],
  ["url", "javascript:%5f%5fxss(90)"],
  // Markdown
  ["markdown", "[click](javascript:__xss(91))"],
  ["markdown", "[a](JaVaScRiPt:__xss(92))"],
  ["markdown", '![x](x" onerror="__xss(93))'],
  ["markdown", "[x](javascript&#58;__xss(94))"],
  // Template expressions
  ["template", "{{constructor.constructor('__xss(95)')()}}"],
  ["template", "{{[].constructor.constructor('__xss(96)')()}}"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the attack string itself, not a template
  ["template", "${__xss(97)}"],
  ["template", "#{__xss(98)}"],
  ["template", "<%= __xss(99) %>"],
  ["template", "{{alert(100)}}"],
];

export const PAYLOADS: Payload[] = list.map(([proof, text], index) => ({ id: index + 1, text, proof }));

/** The ID a payload reports with, read back from a `__xss` argument or a dialog message. */
export function reportedId(value: unknown): number {
  const first = Array.isArray(value) ? value[0] : value;
  return Number(String(first).trim());
}

/** The naive Markdown link and image converter of the `markdown` proof. */
export function naiveMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\((.+)\)/g, '<img alt="$1" src="$2">')
    .replace(/\[([^\]]*)\]\((.+)\)/g, '<a href="$2">$1</a>');
}

/** The expressions a naive template engine would evaluate. */
export function templateExpressions(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [/\{\{(.+?)\}\}/g, /\$\{(.+?)\}/g, /#\{(.+?)\}/g, /<%=(.+?)%>/g]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** How the careless app of `proof` would put `text` into a page. */
export function proofMarkup(payload: Payload): string {
  const p = payload.text;
  switch (payload.proof) {
    case "html":
      return p;
    case "attr":
      return `<input value="${p}">`;
    case "attr1":
      return `<input value='${p}'>`;
    case "url":
      return `<a href="${p}">link</a>`;
    case "textarea":
      return `<textarea>${p}</textarea>`;
    case "title":
      return `<title>${p}</title>`;
    case "style":
      return `<style>${p}</style>`;
    case "script":
      return `<script>\nvar a = "${p}";\nvar b = '${p}';\nvar c = \`${p}\`;\n</script>`;
    case "markdown":
      return naiveMarkdown(p);
    case "template":
      return "";
  }
}
