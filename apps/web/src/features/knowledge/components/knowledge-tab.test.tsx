import {
  DATASET_MAX_BYTES,
  type DatasetFile,
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
  sizeBytes: 20_480,
  state: 'ready',
  progress: 100,
  rowCount: 3,
  error: null,
  errorLines: [],
  notices: [],
  encoding: 'utf-8',
  delimiter: ',',
  uploadedAt: '2026-11-25T09:00:00.000Z',
  finishedAt: '2026-11-25T09:00:05.000Z',
  ...overrides,
});

const source = (overrides: Partial<KnowledgeSource>): KnowledgeSource => ({
  id: 's1',
  kind: 'csv',
  name: 'prices.csv',
  live: null,
  pending: null,
  columns: [],
  updatedAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
});

const overview = (...sources: KnowledgeSource[]): KnowledgeOverview => ({
  sources,
  search: { fullText: true, semantic: { enabled: false, reasons: ['no-embeddings-model'] } },
});

const csv = (name: string, size?: number) =>
  new File([size ? new Uint8Array(size) : 'sku,price\nA-1,10\n'], name, { type: 'text/csv' });

function renderTab() {
  return renderWithApp(<KnowledgeTab botId="b1" />, { queryClient: signedInClient() });
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
    await screen.findByText('No datasets yet. Upload a CSV file with a header row to start.');
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
    await screen.findByText(/No datasets yet/);
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
    expect(row).toHaveTextContent('(lines 4, 9)');
    expect(row).toHaveTextContent('The previous file keeps answering until the new one is ready.');
  });
});
