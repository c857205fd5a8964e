import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostSite {
  /** On `localhost`: another origin than Parley's `127.0.0.1`. */
  url: string;
  pages: Map<string, string>;
  close(): Promise<void>;
}

/** A customer's website on another origin, serving the pages a test puts in `pages` (and SVG files). */
export async function startHostSite(files: Record<string, string> = {}): Promise<HostSite> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const svg = files[path];
    if (svg) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get(path) ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    pages,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A shop page embedding the widget, with CSS hostile to anything it does not own. */
export function shopPage(parleyUrl: string, deploymentKey: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley Shop</title>
<style>* { color: #dc2626 !important; font-size: 28px !important; font-family: cursive !important; }
button { background: lime !important; display: inline !important; } body { margin: 40px; }</style></head>
<body><main><h1>Parley Shop</h1><p>Fresh boxes every week.</p></main>
<script src="${parleyUrl}/webchat.js" data-deployment="${deploymentKey}"></script></body></html>`;
}
