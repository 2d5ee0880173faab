import { describe, expect, it } from 'vitest';
import { DEFAULT_SITENAME } from './constants';
import { readSiteNameBlock, renameSite, siteNameBlock } from './site-name';

describe('the site name in a page the server sends', () => {
  it('replaces every place the build wrote the default name, escaped for HTML, with any $ kept', () => {
    const built = `<title>${DEFAULT_SITENAME} | Home</title><meta property="og:site_name" content="${DEFAULT_SITENAME}" /><h2>About ${DEFAULT_SITENAME}</h2><p>© 2026 ${DEFAULT_SITENAME}.</p>`;
    const renamed = renameSite(built, `Harbour & "Sons" <Invest> $& 'Co'`);
    expect(renamed).not.toContain(DEFAULT_SITENAME);
    expect(renamed).toContain(
      `<title>Harbour &amp; &quot;Sons&quot; &lt;Invest&gt; $&amp; 'Co' | Home</title>`,
    );
    expect(renamed).toContain(`content="Harbour &amp; &quot;Sons&quot; &lt;Invest&gt; $&amp; 'Co'"`);
    expect(renamed.match(/Harbour/g)).toHaveLength(4);
  });

  it('carries the name in a data block no name can end early, and reads it back', () => {
    const name = 'Harbour</script><script>alert(1)</script>';
    const block = siteNameBlock(name);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const text = /<script type="application\/json" id="site-name">(.*)<\/script>$/.exec(block)?.[1];
    expect(readSiteNameBlock(text)).toBe(name);
  });

  it('reads no name from a missing, malformed or empty block', () => {
    expect(readSiteNameBlock(undefined)).toBeUndefined();
    expect(readSiteNameBlock('{"name":')).toBeUndefined();
    expect(readSiteNameBlock('42')).toBeUndefined();
    expect(readSiteNameBlock('"  "')).toBeUndefined();
  });
});
