import type { RenderedWebhookRequest } from '@parley/contracts';
import { CodeBlock } from '../../../shared/ui/code-block';

/** A request as HTTP writes it: the request line, headers, a blank line, the body. */
export function requestText(request: RenderedWebhookRequest): string {
  const head = [
    `${request.method} ${request.url}`,
    ...request.headers.map(({ name, value }) => `${name}: ${value}`),
  ];
  return request.body ? `${head.join('\n')}\n\n${request.body}` : head.join('\n');
}

export function RequestPreview({ request, label }: { request: RenderedWebhookRequest; label: string }) {
  return <CodeBlock code={requestText(request)} label={label} />;
}
