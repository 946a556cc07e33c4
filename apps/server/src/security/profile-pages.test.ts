import { describe, expect, it } from 'vitest';
import { withMetaTags } from '../modules/profiles/profiles.web';

const INDEX = `<!doctype html>
<html>
  <head>
    <title>Marquee</title>
    <meta name="description" content="default" />
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;

const NASTY = ['$&', '$`', "$'", '$$', '$1', '</head><script>alert(1)</script>', '"><img src=x onerror=alert(1)>'];

describe('server-rendered profile pages (issue 17, item 8)', () => {
  it.each(NASTY)('inserts %s in every field literally and escaped, once', (bad) => {
    const html = withMetaTags(INDEX, {
      title: `Luna ${bad} | Marquee ${bad}`,
      description: `bio ${bad} end`,
      image: `https://cdn.example/a.png?${bad}`,
      url: `https://fans.example/luna?${bad}`,
      siteName: `Site ${bad}`,
    });
    // The page is not duplicated: one head, one body, one root, one script.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('content="default"');
    const esc = bad
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(html).toContain(`<meta name="description" content="bio ${esc} end" />`);
    expect(html).toContain(`<title>Luna ${esc} | Marquee ${esc}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="Site ${esc}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://cdn.example/a.png?${esc}" />`);
    expect(html).toContain(`<link rel="canonical" href="https://fans.example/luna?${esc}" />`);
  });
});
