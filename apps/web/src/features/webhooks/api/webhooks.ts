import {
  type CreateWebhookInstanceRequest,
  type SaveWebhookTemplateRequest,
  type TestWebhookInstanceRequest,
  type UpdateWebhookInstanceRequest,
  type WebhookDeliveryListQuery,
  type WebhookTemplateListQuery,
  webhooksApi,
} from '@parley/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** `['webhooks', 'templates', …]` and `['webhooks', 'instances', …]`. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  templates: () => [...webhookKeys.all, 'templates'] as const,
  templateList: (query: WebhookTemplateListQuery) => [...webhookKeys.templates(), 'list', query] as const,
  template: (id: string, language?: string) =>
    [...webhookKeys.templates(), 'detail', id, language ?? 'as-written'] as const,
  instances: () => [...webhookKeys.all, 'instances'] as const,
  instance: (id: string) => [...webhookKeys.instances(), 'detail', id] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveryList: (query: WebhookDeliveryListQuery) => [...webhookKeys.deliveries(), 'list', query] as const,
  delivery: (id: string) => [...webhookKeys.deliveries(), 'detail', id] as const,
};

export const templateListQuery = (query: WebhookTemplateListQuery) =>
  queryOptions({
    queryKey: webhookKeys.templateList(query),
    queryFn: ({ signal }) =>
      callRoute(webhooksApi.listTemplates, {
        query: { search: query.search || undefined, category: query.category, language: query.language },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * One template: with `language`, the built-in catalogue's words in the reader's language (to pick
 * and install it); without, as written (its editor).
 */
export const templateQuery = (id: string, language?: string) =>
  queryOptions({
    queryKey: webhookKeys.template(id, language),
    queryFn: ({ signal }) =>
      callRoute(webhooksApi.getTemplate, { params: { id }, query: { language }, signal }),
  });

/** The company's instances, with their health over `days`. */
export const instanceListQuery = (days = 7) =>
  queryOptions({
    queryKey: [...webhookKeys.instances(), 'list', days],
    queryFn: ({ signal }) => callRoute(webhooksApi.listInstances, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: true,
  });

export const instanceQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.instance(id),
    queryFn: ({ signal }) => callRoute(webhooksApi.getInstance, { params: { id }, signal }),
  });

/** The delivery log, a page at a time (newest first). */
export const deliveryListQuery = (query: Omit<WebhookDeliveryListQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveryList(query),
    queryFn: ({ signal, pageParam }) =>
      callRoute(webhooksApi.listDeliveries, {
        query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const deliveryQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(id),
    queryFn: ({ signal }) => callRoute(webhooksApi.getDelivery, { params: { id }, signal }),
  });

function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
    meta: { silent: true },
  });
}

export const useSaveTemplate = (id: string | null) =>
  useWebhookMutation((body: SaveWebhookTemplateRequest) =>
    id === null
      ? callRoute(webhooksApi.createTemplate, { body })
      : callRoute(webhooksApi.updateTemplate, { params: { id }, body }),
  );
export const useCreateInstance = () =>
  useWebhookMutation((body: CreateWebhookInstanceRequest) => callRoute(webhooksApi.createInstance, { body }));
export const useUpdateInstance = (id: string) =>
  useWebhookMutation((body: UpdateWebhookInstanceRequest) =>
    callRoute(webhooksApi.updateInstance, { params: { id }, body }),
  );
export const useDeleteInstance = () =>
  useWebhookMutation((id: string) => callRoute(webhooksApi.deleteInstance, { params: { id } }));
export const useTestInstance = (id: string) =>
  useWebhookMutation((body: TestWebhookInstanceRequest) =>
    callRoute(webhooksApi.testInstance, { params: { id }, body }),
  );
export const useReplayDelivery = (id: string) =>
  useWebhookMutation(() => callRoute(webhooksApi.replayDelivery, { params: { id } }));
