import {
  DATASET_MAX_BYTES,
  type DatasetFile,
  DOCUMENT_MAX_BYTES,
  type KnowledgeOverview,
  type KnowledgeSource,
} from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { KnowledgeTab } from './knowledge-tab';

const file = (overrides: Partial<DatasetFile>): DatasetFile => ({
  id: 'f1',
  fileName: 'prices.csv',
  format: 'csv',
  sizeBytes: 20_480,
  state: 'ready',
  progress: 100,
  rowCount: 3,
  chunkCount: null,
  error: null,
  errorLines: [],
  notices: [],
  encoding: 'utf-8',
  delimiter: ',',
  uploadedAt: '2026-11-25T09:00:00.000Z',
  finishedAt: '2026-11-25T09:00:05.000Z',
  embedding: null,
  ...overrides,
});

const source = (overrides: Partial<KnowledgeSource>): KnowledgeSource => ({
  id: 's1',
  kind: 'csv',
  name: 'prices.csv',
  live: null,
  pending: null,
  columns: [],
  publication: 'published',
  updatedAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
});

const overview = (...sources: KnowledgeSource[]): KnowledgeOverview => ({
  sources,
  docstore: { publishedAt: '2026-11-25T09:00:00.000Z', changed: false },
  search: { fullText: true, semantic: { enabled: false, model: null, reasons: ['no-embeddings-model'] } },
});

const csv = (name: string, size?: number) =>
  new File([size ? new Uint8Array(size) : 'sku,price\nA-1,10\n'], name, { type: 'text/csv' });

function renderTab(language: 'en' | 'es' = 'en') {
  return renderWithApp(<KnowledgeTab botId="b1" />, { queryClient: signedInClient(), language });
}

afterEach(() => vi.unstubAllGlobals());

describe('the knowledge tab', () => {
  it('uploads a CSV, shows its processing while it lasts, and stops asking once it is ready', async () => {
    let uploaded = false;
    let polls = 0;
    const { requests } = fakeApi({
      'GET /api/bots/b1/knowledge': () => {
        if (!uploaded) return overview();
        polls++;
        return polls === 1
          ? overview(
              source({
                pending: file({ state: 'processing', progress: 40, rowCount: null, finishedAt: null }),
              }),
            )
          : overview(source({ live: file({}) }));
      },
      'POST /api/bots/b1/knowledge/datasets': () => {
        uploaded = true;
        return {
          status: 201,
          body: source({ pending: file({ state: 'uploaded', progress: 0, rowCount: null }) }),
        };
      },
    });
    renderTab();
    await screen.findByText(
      'Nothing yet. Upload a CSV file with a header row, a document, or add questions and answers to start.',
    );
    expect(
      screen.getByText('Full-text search is on. Semantic search is off: no embeddings model is configured.'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Upload CSV'), { target: { files: [csv('prices.csv')] } });
    const row = await screen.findByRole('listitem', { name: 'prices.csv' });
    await within(row).findByText(/Processing: 40%/);
    expect(within(row).getByRole('progressbar', { name: 'Processing prices.csv' })).toBeInTheDocument();
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url.searchParams.get('fileName')).toBe('prices.csv');

    // Polled every few seconds while it processes.
    await within(row).findByText('Ready', {}, { timeout: 8_000 });
    expect(within(row).getByText(/3 rows/)).toBeInTheDocument();
    const asked = requests.filter((request) => request.url.pathname === '/api/bots/b1/knowledge').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(requests.filter((request) => request.url.pathname === '/api/bots/b1/knowledge')).toHaveLength(
      asked,
    );
  }, 20_000);

  it('refuses a file over 10 MB before sending anything', async () => {
    const { requests } = fakeApi({ 'GET /api/bots/b1/knowledge': overview() });
    renderTab();
    await screen.findByText(/Nothing yet/);
    fireEvent.change(screen.getByLabelText('Upload CSV'), {
      target: { files: [csv('catalogue.csv', DATASET_MAX_BYTES + 1)] },
    });
    await screen.findByText(
      'catalogue.csv is larger than 10 MB. Split it or remove columns, and upload again.',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says why a file failed and which lines, while the previous one keeps answering', async () => {
    fakeApi({
      'GET /api/bots/b1/knowledge': overview(
        source({
          live: file({}),
          pending: file({
            id: 'f2',
            state: 'failed',
            error: 'Rows have more cells than the header',
            errorLines: [4, 9],
            rowCount: null,
          }),
        }),
      ),
    });
    renderTab();
    const row = await screen.findByRole('listitem', { name: 'prices.csv' });
    await within(row).findByText(/Rows have more cells than the header/);
    expect(row).toHaveTextContent('(lines 4 and 9)');
    expect(row).toHaveTextContent('The previous file keeps answering until the new one is ready.');
  });

  it.each([
    [[4], 'en', '(line 4)'],
    [[4, 5, 6, 9], 'en', '(lines 4–6 and 9)'],
    [[4], 'es', '(línea 4)'],
    [[4, 5, 6], 'es', '(líneas 4–6)'],
  ] as const)('names the failed lines %j in %s as %s', async (errorLines, language, said) => {
    fakeApi({
      'GET /api/bots/b1/knowledge': overview(
        source({
          pending: file({
            id: 'f2',
            state: 'failed',
            error: 'Bad row',
            errorLines: [...errorLines],
            rowCount: null,
          }),
        }),
      ),
    });
    renderTab(language);
    const row = await screen.findByRole('listitem', { name: 'prices.csv' });
    await within(row).findByText(/Bad row/);
    expect(row).toHaveTextContent(said);
  });

  it('uploads a document, counts its passages, previews them under their headings, and publishes the store', async () => {
    let uploaded = false;
    let published = false;
    const manual = source({
      id: 's2',
      kind: 'document',
      name: 'manual',
      live: file({ id: 'f3', fileName: 'manual.pdf', format: 'pdf', rowCount: null, chunkCount: 12 }),
      publication: 'unpublished',
    });
    const { requests } = fakeApi({
      'GET /api/bots/b1/knowledge': () => ({
        ...overview(
          ...(uploaded ? [{ ...manual, publication: published ? 'published' : 'unpublished' } as const] : []),
        ),
        docstore: published
          ? { publishedAt: '2026-11-25T10:00:00.000Z', changed: false }
          : { publishedAt: null, changed: uploaded },
      }),
      'POST /api/bots/b1/knowledge/documents': () => {
        uploaded = true;
        return { status: 202, body: manual };
      },
      'GET /api/bots/b1/knowledge/documents/s2': {
        source: manual,
        chunks: [{ chunkNumber: 1, heading: 'Page 1', text: 'Every jacket has a two year warranty.' }],
      },
      'POST /api/bots/b1/docstore/publish': () => {
        published = true;
        return { publishedAt: '2026-11-25T10:00:00.000Z', changed: false };
      },
    });
    renderTab();
    await screen.findByText(/Nothing yet/);
    const pdf = new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Upload document'), { target: { files: [pdf] } });
    const row = await screen.findByRole('listitem', { name: 'manual' });
    expect(row).toHaveTextContent('PDF · manual.pdf');
    expect(row).toHaveTextContent('12 passages');
    expect(within(row).getByText('Not published')).toBeInTheDocument();
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url.pathname).toBe('/api/bots/b1/knowledge/documents');
    expect(upload?.url.searchParams.get('fileName')).toBe('manual.pdf');

    fireEvent.click(within(row).getByRole('button', { name: 'Preview' }));
    const chunks = await within(row).findByRole('list', { name: 'First passages of manual' });
    expect(chunks).toHaveTextContent('Page 1');
    expect(chunks).toHaveTextContent('Every jacket has a two year warranty.');

    const store = screen.getByRole('alert', { name: 'Published knowledge' });
    expect(store).toHaveTextContent(/does not answer from this knowledge yet/);
    fireEvent.click(within(store).getByRole('button', { name: 'Publish knowledge' }));
    await screen.findByText(/The published bot answers from this knowledge, published/);
    expect(requests.some((request) => request.url.pathname === '/api/bots/b1/docstore/publish')).toBe(true);
    expect(within(row).queryByText('Not published')).toBeNull();
  });

  it('refuses a document over 10 MB or of another type before sending anything', async () => {
    const { requests } = fakeApi({ 'GET /api/bots/b1/knowledge': overview() });
    renderTab();
    await screen.findByText(/Nothing yet/);
    const input = screen.getByLabelText('Upload document') as HTMLInputElement;
    expect(input.accept).toBe('.txt,.text,.md,.markdown,.html,.htm,.pdf');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], 'huge.pdf')] },
    });
    await screen.findByText('huge.pdf is larger than 10 MB.');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says semantic search is on, follows a file’s embeddings to ready, and shows why one failed', async () => {
    let embedded = false;
    const semantic = { enabled: true, model: 'text-embedding-3-small', reasons: [] };
    const embedding = (state: 'pending' | 'embedding' | 'ready', embedded: number) => ({
      state,
      model: 'text-embedding-3-small',
      embedded,
      error: null,
    });
    const { requests } = fakeApi({
      'GET /api/bots/b1/knowledge': () => {
        const prices = source({
          live: file({
            rowCount: 150,
            embedding: embedded ? embedding('ready', 150) : embedding('embedding', 64),
          }),
        });
        const manual = source({
          id: 's2',
          kind: 'document',
          name: 'manual',
          live: file({
            id: 'f3',
            fileName: 'manual.md',
            format: 'markdown',
            rowCount: null,
            chunkCount: 4,
            embedding: {
              state: 'failed',
              model: 'text-embedding-3-small',
              embedded: 0,
              error: 'Quota spent.',
            },
          }),
        });
        return { ...overview(prices, manual), search: { fullText: true, semantic } };
      },
    });
    renderTab();
    await screen.findByText('Full-text and semantic search are on (embeddings by text-embedding-3-small).');
    const prices = await screen.findByRole('listitem', { name: 'prices.csv' });
    expect(prices).toHaveTextContent('Preparing semantic search: 64 of 150');
    embedded = true;
    // Polled while it embeds, then the row says it is ready and the polling stops.
    await within(prices).findByText('Semantic search ready', {}, { timeout: 8_000 });
    expect(prices).not.toHaveTextContent('Preparing semantic search');
    const manual = screen.getByRole('listitem', { name: 'manual' });
    expect(manual).toHaveTextContent('No semantic search: Quota spent. It is searched by its words alone.');
    const asked = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(requests).toHaveLength(asked);
  }, 20_000);
});
