/**
 * CMS HTML for both sanitisers' tests (src/ui/CmsHtml's DOMPurify, src/ui/cms-html-server's
 * sanitize-html) and for their parity in a real browser (tests/e2e/cms-html.spec.ts).
 */

/** Payloads that set `globalThis.__pwned` if any of their code ever runs. */
export const CMS_HTML_PAYLOADS: [name: string, html: string][] = [
  ['a script element', '<p>Hi</p><script>globalThis.__pwned = 1</script>'],
  ['a script split by a comment', '<scr<!-- -->ipt>globalThis.__pwned = 1</script>'],
  ['an image error handler', '<img src=x onerror="globalThis.__pwned = 1">'],
  ['a link click handler', '<a href="/search" onclick="globalThis.__pwned = 1">Search</a>'],
  ['a mouse handler on text', '<p onmouseover="globalThis.__pwned = 1">Hover</p>'],
  ['a javascript: link', '<a href="javascript:globalThis.__pwned = 1">Click</a>'],
  ['a javascript: link in mixed case', '<a href="JaVaScRiPt:globalThis.__pwned = 1">Click</a>'],
  ['a javascript: link with an entity tab', '<a href="jav&#x09;ascript:globalThis.__pwned = 1">Click</a>'],
  [
    'a javascript: link with entity-encoded letters',
    '<a href="&#106;avascript:globalThis.__pwned = 1">Click</a>',
  ],
  [
    'a javascript: link with leading whitespace',
    '<a href=" &#x0A; javascript:globalThis.__pwned = 1">Click</a>',
  ],
  ['a javascript: link with a newline', '<a href="java\nscript:globalThis.__pwned = 1">Click</a>'],
  ['a script inside svg', '<svg><script>globalThis.__pwned = 1</script></svg>'],
  ['an svg onload', '<svg onload="globalThis.__pwned = 1"><circle r="4"></circle></svg>'],
  ['an iframe srcdoc', '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>'],
  ['an iframe javascript: src', '<iframe src="javascript:parent.__pwned = 1"></iframe>'],
  ['an object', '<object data="javascript:globalThis.__pwned = 1"></object>'],
  ['an embed', '<embed src="javascript:globalThis.__pwned = 1">'],
  [
    'a form posting elsewhere',
    '<form action="https://evil.example"><input name="card"><button>Go</button></form>',
  ],
  ['a style element', '<style>body { display: none }</style><p>Text</p>'],
  ['a data: URL image', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="">'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">Click</a>'],
  ['a math mutation', '<math><mtext><table><mglyph><style><img src=x onerror="globalThis.__pwned = 1">'],
  [
    'a noscript mutation',
    '<noscript><p title="</noscript><img src=x onerror=globalThis.__pwned=1>"></p></noscript>',
  ],
  ['a paragraph breaking out of svg', '<svg><p>Out</p><img src=x onerror="globalThis.__pwned = 1"></svg>'],
  ['formatting left open', '<p>Open <strong>bold <em>both</p><p onclick="globalThis.__pwned = 1">next</p>'],
];

/** Markup editors write (WordPress's blocks among it), which both sanitisers keep alike. */
export const CMS_HTML_MARKUP: [name: string, html: string][] = [
  [
    'paragraphs, emphasis, headings, lists and links',
    '<h3>Before you go</h3><p>Book <strong>early</strong> and <em>relax</em>.</p>' +
      '<ul><li>Robe</li><li>Slippers</li></ul><p><a href="/search">Find a spa</a></p>',
  ],
  [
    'every kind of URL kept',
    '<a href="https://example.com/a">A</a><a href="mailto:care@example.com?subject=Hi there">B</a>' +
      '<a href="tel:+1 (800) 555-0113">C</a><a href="#faq">D</a><a href="?topic=sales">E</a>' +
      '<a href="//cdn.example/x">F</a><a href="https://example.com/?a=1&b=2">G</a>' +
      '<img src="/media/spa-1.svg" alt="A spa"><img src="HTTPS://EXAMPLE.COM/x.png" alt="">',
  ],
  [
    'link targets',
    '<a href="https://example.com" target="_blank">New tab</a>' +
      '<a href="https://example.com" target="_blank" rel="nofollow">Sponsored</a>' +
      '<a href="/about" target="somewhere">Named</a><a href="/x" target="_self" rel="next">Self</a>',
  ],
  ['entities', '<p>Fish &amp; chips &lt;3 &quot;quoted&quot; &copy; 2026 &nbsp; caf&eacute; ‘curly’</p>'],
  [
    'a WordPress image block',
    '<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" ' +
      'height="683" src="https://cms.example/a-1024x683.jpg" alt="Pool" class="wp-image-12" ' +
      'srcset="https://cms.example/a-1024x683.jpg 1024w, https://cms.example/a-300x200.jpg 300w" ' +
      'sizes="(max-width: 1024px) 100vw, 1024px" /><figcaption class="wp-element-caption">The pool' +
      '</figcaption></figure>',
  ],
  [
    'a heading with an id, styles and data',
    '<h2 class="wp-block-heading" id="what-to-bring">What to bring</h2>' +
      '<p style="color:red" data-x="1" aria-label="Note">Note</p>',
  ],
  [
    'a table',
    '<table><caption>Prices</caption><thead><tr><th scope="col">Treatment</th><th>Price</th></tr>' +
      '</thead><tbody><tr><td colspan="2">Massage</td></tr></tbody></table>',
  ],
  [
    'unclosed paragraphs and list items',
    '<p>One<p>Two<ul><li>One<li>Two</ul><ol start="3" reversed><li value="5">Five</li></ol>',
  ],
  [
    'quotes, details, a picture',
    '<blockquote cite="https://example.com"><p>Quote</p></blockquote><q cite="javascript:alert(1)">q</q>' +
      '<details open><summary>More</summary><p>Hidden</p></details><picture><source ' +
      'srcset="/a.webp 1x, javascript:alert(1) 2x" type="image/webp"><source srcset="/a.avif" ' +
      'type="image/avif" media="(min-width: 600px)"><img src="/a.jpg" alt="A"></picture>',
  ],
  ['a comment', '<!-- a comment --><p>After comment</p>'],
  ['breaks and rules', '<p>Line<br>break<br/>and<wbr>word</p><hr>'],
  [
    'form fields and players, their text kept or not',
    '<textarea><p>not markup</p></textarea><select><option>opt</option></select><button>Press</button>' +
      '<label>Lab</label><video src="/v.mp4" controls>Fallback</video><audio src="/a.mp3">AF</audio>',
  ],
  [
    'presentational and landmark elements, unwrapped',
    '<center>c</center><font color=red>f</font><marquee>m</marquee><main>main</main><nav>nav</nav>' +
      '<section><p>sec</p></section>',
  ],
  ['upper case', '<P CLASS="Up">Upper</P><A HREF="/x">X</A>'],
  ['a block in a link', '<a href="/a"><p>block in a</p></a>'],
  [
    'text in other scripts, and code',
    '<div dir="rtl" lang="ar">مرحبا</div><bdo dir="ltr">x</bdo><ruby>漢<rt>kan</rt></ruby>' +
      '<time datetime="2026-11-28">today</time><abbr title="Hypertext">HTML</abbr>' +
      '<code>a &lt; b</code><pre>  pre\n  text</pre><p>&#x3C;script&#x3E;</p>',
  ],
  ['plain text', 'plain text only'],
  ['a template', '<template><p>t</p></template><p>after</p>'],
];
