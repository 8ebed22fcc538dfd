/**
 * @jest-environment jsdom
 *
 * Hostile exports (issue 20, point 6): whatever the drive answers, the rendered content can run
 * nothing and names no host but ours for anything a browser would fetch. Every element and
 * attribute of the result is checked against what the converter may write, not only the
 * attacks each case plants.
 */
import { exportImageSources } from '../../src/render/exportLimits';
import type { Renderer } from '../../src/render/renderPool';
import { UnrenderableError } from '../../src/render/unrenderable';
import { testRenderer } from '../support/renderer';

let renderer: Renderer;
beforeAll(async () => {
  renderer = testRenderer();
  await renderer.render('text', 'warm up');
}, 60_000);
afterAll(() => renderer.close());

const TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 br hr ul ol li table thead tbody tfoot tr td th caption a img strong em u s sup sub code pre blockquote span div'.split(' '),
);
const ATTRIBUTES = new Set(['href', 'id', 'start', 'colspan', 'rowspan', 'style', 'alt', 'width', 'height', 'src', 'target', 'rel', 'class', 'loading']);

/** Every problem of the rendered HTML: an element, attribute, link, source or style that could act. */
function problemsOf(html: string): string[] {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = element.localName;
    if (!TAGS.has(tag)) problems.push(`element <${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' && !/^(https?:\/\/|mailto:|#)/i.test(value)) problems.push(`link ${value}`);
      if (name === 'src' && !/^\/content\/images\/[\w-]+$/.test(value)) problems.push(`source ${value}`);
      if (name === 'style' && /url|expression|import|@|\\|javascript|behavior/i.test(value)) problems.push(`style ${value}`);
    }
  }
  return problems;
}

async function render(body: string, head = ''): Promise<string> {
  const source = `<html><head>${head}</head><body>${body}</body></html>`;
  const images = new Map(exportImageSources(source).map((src, i) => [src, { src: `/content/images/kept-image-${i}-0000000000`, width: null, height: null }]));
  return renderer.render('document', source, images);
}

const HOSTILE: [string, string, string?][] = [
  ['a script element', '<p>a</p><script>alert(1)</script><p>b</p>'],
  ['a script in the head', '<p>a</p>', '<script>alert(1)</script>'],
  [
    'event handler attributes',
    '<p onclick="alert(1)">a<img src="https://lh3.googleusercontent.com/x" onerror="alert(1)"><span onmouseover="alert(1)">b</span></p>',
  ],
  ['a javascript: link', '<p><a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a></p>'],
  ['a javascript: link inside the drive’s redirect', '<p><a href="https://www.google.com/url?q=javascript:alert(1)&amp;sa=D">a</a></p>'],
  ['data: URLs', '<p><a href="data:text/html,<script>alert(1)</script>">a</a><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></p>'],
  ['SVG with script', '<p>a</p><svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  [
    'CSS expression() and url() to outside hosts',
    '<p class="c1" style="background:url(https://evil.example/x)">a</p>',
    '<style>.c1{color:expression(alert(1));background:url(https://evil.example/y)}</style>',
  ],
  [
    'a hostile style value read through a class',
    '<p><span class="c2">a</span></p>',
    '<style>.c2{color:#fff;background:url(//evil.example/);font-size:12pt;}</style>',
  ],
  ['a form', '<form action="https://evil.example/"><input name="a"><button formaction="javascript:alert(1)">Go</button></form><p>after</p>'],
  [
    'iframes, objects and embeds',
    '<iframe src="https://evil.example/"></iframe><object data="https://evil.example/"></object><embed src="https://evil.example/"><p>x</p>',
  ],
  ['meta refresh and base', '<p>x</p>', '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">'],
  [
    'a link and a stylesheet to outside hosts',
    '<p>x</p><link rel="stylesheet" href="https://evil.example/s.css">',
    '<style>@import url(https://evil.example/i.css);</style>',
  ],
  ['an image from an outside host that was not kept', '<p><img src="http://evil.example/x.png"><img src="//evil.example/y.png"></p>'],
  [
    'srcset and background attributes',
    '<p><img srcset="https://evil.example/a 1x"><table background="https://evil.example/t"><tr><td background="https://evil.example/c">a</td></tr></table></p>',
  ],
  ['a clobbering id and name', '<p><a id="cookie" name="location">a</a><img name="getElementById" src="https://lh3.googleusercontent.com/y"></p>'],
  [
    'template and noscript content',
    '<template><img src=x onerror=alert(1)></template><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
  ],
  ['broken markup', '<p><b><i>unclosed <table><tr><td>cell<p>in</td></tr></b></i><a href="https://ok.example/" <img src=x onerror=alert(1)>'],
  ['mutation XSS through math and style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>'],
];

describe('hostile exports', () => {
  it.each(HOSTILE)('%s: nothing runs, nothing is fetched from another host', async (...[, body, head]) => {
    const html = await render(body, head);
    expect(problemsOf(html)).toEqual([]);
    expect(html).not.toMatch(/evil\.example|javascript:|onerror|onclick|<script|expression\(/i);
  });

  it('keeps the text around what it drops', async () => {
    const html = await render('<p>before</p><script>alert(1)</script><form><p>inside a form</p></form><p>after</p>');
    expect(html).toBe('<p>before</p><p>inside a form</p><p>after</p>');
  });

  it('keeps markup nested 150 deep as its text', async () => {
    const depth = 150;
    const html = await render(`${'<div><span>'.repeat(depth)}deep text${'</span></div>'.repeat(depth)}<p>after</p>`);
    expect(problemsOf(html)).toEqual([]);
    expect(html).toContain('deep text');
    expect(html).toContain('<p>after</p>');
  });

  it('refuses markup nested 100,000 deep at once (the parser is stopped at the limit), as never renderable (the reason crosses the thread)', async () => {
    const depth = 100_000;
    const refused = render(`${'<div><b>'.repeat(depth)}deep${'</b></div>'.repeat(depth)}`);
    await expect(refused).rejects.toThrow('The document nests deeper than 400 elements.');
    await expect(refused).rejects.toBeInstanceOf(UnrenderableError);
    await expect(refused).rejects.toMatchObject({ reason: 'too_deep' });
  });

  it('counts the nesting the parser builds: stray end tags 6,000 deep (`<div></b>`, ignored by the parser) are refused as too deep', async () => {
    const refused = render(`${'<div></b>'.repeat(6000)}deep`);
    await expect(refused).rejects.toBeInstanceOf(UnrenderableError);
    await expect(refused).rejects.toMatchObject({ reason: 'too_deep', message: 'The document nests deeper than 400 elements.' });
  });

  it('fails a render that runs past its time limit, and renders again afterwards', async () => {
    const impatient = testRenderer({ timeoutMs: 1 });
    // The limit counts from when the (started) worker takes the job: no render of 100,000 words takes 1 ms.
    const late = impatient.render('document', `<p>${'x '.repeat(100_000)}</p>`);
    await expect(late).rejects.toThrow(/longer than 1 ms/);
    // A render past its time limit may pass another time: it is not taken as never renderable.
    await expect(late).rejects.not.toBeInstanceOf(UnrenderableError);
    await impatient.close();
    await expect(renderer.render('text', 'still here')).resolves.toBe('<pre>still here</pre>');
  }, 60_000);
});

describe('text files', () => {
  it('shows plain text and Markdown as text, markup included', async () => {
    const html = await renderer.render('text', '# Title\n<script>alert(1)</script> & more');
    expect(html).toBe('<pre># Title\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</pre>');
  });
});
