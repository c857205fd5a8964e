import {
  type KnowledgeOverview,
  knowledgeApi,
  type QaDocumentRequest,
  type UpdateDatasetRequest,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, uploadToRoute } from '../../../shared/api/request';

/** How often the tab asks for a dataset's state while a file is processed (spec §4). */
export const POLL_MS = 2000;

const keys = {
  all: (botId: string) => ['bots', 'detail', botId, 'knowledge'] as const,
  dataset: (botId: string, sourceId: string) => [...keys.all(botId), 'datasets', sourceId] as const,
  document: (botId: string, sourceId: string) => [...keys.all(botId), 'documents', sourceId] as const,
};

const isBusy = (state: string | undefined) => state === 'uploaded' || state === 'processing';
/** A dataset whose newest file is still being processed. */
export const isProcessing = (source: KnowledgeOverview['sources'][number]) =>
  isBusy(source.pending?.state) || isBusy(source.live?.state);

/** The live file's embeddings are queued or being made (the tab polls until they are done). */
export const isEmbedding = (source: KnowledgeOverview['sources'][number]) =>
  source.live?.embedding?.state === 'pending' || source.live?.embedding?.state === 'embedding';

export const knowledgeQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.all(botId),
    queryFn: ({ signal }) => callRoute(knowledgeApi.overview, { params: { id: botId }, signal }),
    // Polls while a file is processed or embedded, and stops once every one is done.
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => isProcessing(source) || isEmbedding(source))
        ? POLL_MS
        : false,
  });

export const datasetQuery = (botId: string, sourceId: string) =>
  queryOptions({
    queryKey: keys.dataset(botId, sourceId),
    queryFn: ({ signal }) => callRoute(knowledgeApi.dataset, { params: { id: botId, sourceId }, signal }),
  });

export const documentQuery = (botId: string, sourceId: string) =>
  queryOptions({
    queryKey: keys.document(botId, sourceId),
    queryFn: ({ signal }) => callRoute(knowledgeApi.document, { params: { id: botId, sourceId }, signal }),
  });

function useKnowledgeChange<V, R>(botId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(botId) }),
    meta: { silent: true },
  });
}

export const useUploadDataset = (botId: string) =>
  useKnowledgeChange(botId, (file: File) =>
    uploadToRoute(knowledgeApi.uploadDataset, {
      params: { id: botId },
      query: { fileName: file.name },
      file,
    }),
  );

export const useReplaceDataset = (botId: string) =>
  useKnowledgeChange(botId, ({ sourceId, file }: { sourceId: string; file: File }) =>
    uploadToRoute(knowledgeApi.replaceDataset, {
      params: { id: botId, sourceId },
      query: { fileName: file.name },
      file,
    }),
  );

export const useUpdateDataset = (botId: string) =>
  useKnowledgeChange(botId, ({ sourceId, change }: { sourceId: string; change: UpdateDatasetRequest }) =>
    callRoute(knowledgeApi.updateDataset, { params: { id: botId, sourceId }, body: change }),
  );

export const useDeleteDataset = (botId: string) =>
  useKnowledgeChange(botId, (sourceId: string) =>
    callRoute(knowledgeApi.deleteDataset, { params: { id: botId, sourceId } }),
  );

export const useUploadDocument = (botId: string) =>
  useKnowledgeChange(botId, (file: File) =>
    uploadToRoute(knowledgeApi.uploadDocument, {
      params: { id: botId },
      query: { fileName: file.name },
      file,
    }),
  );

export const useCreateQaDocument = (botId: string) =>
  useKnowledgeChange(botId, (request: QaDocumentRequest) =>
    callRoute(knowledgeApi.createQaDocument, { params: { id: botId }, body: request }),
  );

export const useReplaceDocument = (botId: string) =>
  useKnowledgeChange(botId, ({ sourceId, file }: { sourceId: string; file: File }) =>
    uploadToRoute(knowledgeApi.replaceDocument, {
      params: { id: botId, sourceId },
      query: { fileName: file.name },
      file,
    }),
  );

export const useDeleteDocument = (botId: string) =>
  useKnowledgeChange(botId, (sourceId: string) =>
    callRoute(knowledgeApi.deleteDocument, { params: { id: botId, sourceId } }),
  );

export const usePublishDocstore = (botId: string) =>
  useKnowledgeChange(botId, () => callRoute(knowledgeApi.publishDocstore, { params: { id: botId } }));

export const useDeleteDocstore = (botId: string) =>
  useKnowledgeChange(botId, () => callRoute(knowledgeApi.deleteDocstore, { params: { id: botId } }));
