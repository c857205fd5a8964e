import { describe, expect, it } from 'vitest';
import { linksIn, splitLinks } from './mail-links';

describe('links in a mail', () => {
  it('splits a text into plain runs and addresses, losing nothing', () => {
    const text = 'Open https://parley.test/v2/recover?token=a-b_c. Or http://x.test/y, then stop';
    const parts = splitLinks(text);
    expect(parts).toEqual([
      { text: 'Open ', link: false },
      { text: 'https://parley.test/v2/recover?token=a-b_c', link: true },
      { text: '. Or ', link: false },
      { text: 'http://x.test/y', link: true },
      { text: ', then stop', link: false },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('lists each address once and never a javascript: one', () => {
    expect(linksIn('a http://x.test b http://x.test javascript:alert(1)')).toEqual(['http://x.test']);
  });
});
