import type { DatasetPreview, DocumentPreview, KnowledgeSource } from '@parley/contracts';
import { eventually, type TestApp } from './test-app';

// Knowledge sources as tests make them: uploaded through the API, waited for as the Knowledge tab polls.

const routeOf = { csv: 'datasets', document: 'documents' } as const;
interface PreviewOf {
  csv: DatasetPreview;
  document: DocumentPreview;
}

/** Uploads a CSV dataset (`*.csv`) or a Markdown document (`*.md`) as a new source of the bot. */
export async function uploadedSource(
  t: TestApp,
  headers: Record<string, string>,
  botId: string,
  fileName: `${string}.csv` | `${string}.md`,
  body: string,
): Promise<KnowledgeSource> {
  const csv = fileName.endsWith('.csv');
  const response = await t.request({
    method: 'POST',
    url: `/api/bots/${botId}/knowledge/${csv ? 'datasets' : 'documents'}?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...headers, 'content-type': csv ? 'text/csv' : 'text/markdown' },
    payload: body,
  });
  if (response.statusCode !== 202)
    throw new Error(`uploading ${fileName} failed: ${response.statusCode} ${response.body}`);
  return response.json<KnowledgeSource>();
}

/** Polls a source as the Knowledge tab does, until its newest file is done (ready or failed): its preview. */
export function settledSource<K extends KnowledgeSource['kind']>(
  t: TestApp,
  headers: Record<string, string>,
  botId: string,
  source: { id: string; kind: K },
): Promise<PreviewOf[K]> {
  return eventually(async () => {
    const preview = (
      await t.request({
        method: 'GET',
        url: `/api/bots/${botId}/knowledge/${routeOf[source.kind]}/${source.id}`,
        headers,
      })
    ).json<PreviewOf[K]>();
    const newest = preview.source.pending ?? preview.source.live;
    return newest && (newest.state === 'ready' || newest.state === 'failed') ? preview : undefined;
  }, 30_000);
}
