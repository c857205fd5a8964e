import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeLinkUrl } from './safe-url';

const scripted = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  '/relative',
  '//evil.example/x',
  'not a url',
];

describe('addresses bot content may link to or show', () => {
  it.each(scripted)('never links to %j', (raw) => {
    expect(safeLinkUrl(raw)).toBeNull();
  });

  it.each([...scripted, 'mailto:help@example.com', 'data:,hello'])('never shows %j as an image', (raw) => {
    expect(safeImageUrl(raw)).toBeNull();
  });

  it('links to web pages, mail and phone numbers', () => {
    expect(safeLinkUrl(' https://shop.example/orders?id=17 ')).toBe('https://shop.example/orders?id=17');
    expect(safeLinkUrl('http://shop.example')).toBe('http://shop.example/');
    expect(safeLinkUrl('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeLinkUrl('tel:+34600000000')).toBe('tel:+34600000000');
  });

  it('shows web images and inline data images', () => {
    expect(safeImageUrl('https://cdn.example/tea.png')).toBe('https://cdn.example/tea.png');
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageUrl('DATA:image/svg+xml,<svg/>')).toBe('data:image/svg+xml,<svg/>');
  });
});
