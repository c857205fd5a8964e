import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HttpRounded from '@mui/icons-material/HttpRounded';
import HubOutlined from '@mui/icons-material/HubOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { Box, Button, Card, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Tool, ToolSummary } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoval } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import { toolListQuery, toolQuery, useDeleteTool } from '../api/agent-tools';
import { AgentsTabs } from './agents-tabs';
import { ToolEditorDialog } from './tool-editor-dialog';
import { ToolTestDialog } from './tool-test-dialog';

type Open = { kind: 'edit' | 'test'; tool: Tool } | { kind: 'new'; toolKind: 'http' | 'mcp' } | null;

function ToolRow({
  tool,
  onOpen,
  onDelete,
}: {
  tool: ToolSummary;
  onOpen: (kind: 'edit' | 'test') => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('agents');
  const Icon = tool.kind === 'mcp' ? HubOutlined : HttpRounded;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'center' }}
      sx={{ p: 2.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.50',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <Icon />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="h4" component="h2" sx={{ fontFamily: 'monospace' }}>
            {tool.name}
          </Typography>
          <Chip size="small" label={t(`tools.kind.${tool.kind}`)} variant="outlined" />
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {tool.description || t('tools.noDescription')}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'monospace' }}
          noWrap
          component="p"
        >
          {tool.url}
        </Typography>
        {tool.kind === 'mcp' && (
          <Typography variant="caption" color="text.secondary">
            {tool.modelTools.length
              ? t('tools.mcpChosen', { tools: tool.modelTools.join(', ') })
              : t('tools.mcpNoneChosen')}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<PlayArrowRounded />}
          onClick={() => onOpen('test')}
          aria-label={t('tools.testNamed', { name: tool.name })}
        >
          {t('tools.test')}
        </Button>
        <Tooltip title={t('tools.edit')}>
          <IconButton aria-label={t('tools.editNamed', { name: tool.name })} onClick={() => onOpen('edit')}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('tools.delete')}>
          <IconButton aria-label={t('tools.deleteNamed', { name: tool.name })} onClick={onDelete}>
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

/** `/v2/agents/tools`: the company's HTTP tools and MCP servers; create, change, test, delete. */
export function ToolsPage() {
  const { t } = useTranslation('agents');
  const { data, isPending } = useQuery(toolListQuery);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<ToolSummary | null>(null);
  const remove = useDeleteTool();
  const queryClient = useQueryClient();
  const tools = data?.tools ?? [];
  const openTool = async (summary: ToolSummary, kind: 'edit' | 'test') =>
    setOpen({ kind, tool: await queryClient.fetchQuery({ ...toolQuery(summary.id), staleTime: 0 }) });

  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-end' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1">{t('tools.title')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('tools.subtitle')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<HubOutlined />}
            onClick={() => setOpen({ kind: 'new', toolKind: 'mcp' })}
          >
            {t('tools.newMcp')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setOpen({ kind: 'new', toolKind: 'http' })}
          >
            {t('tools.newHttp')}
          </Button>
        </Stack>
      </Stack>
      <AgentsTabs />
      <Card variant="outlined">
        {tools.map((tool) => (
          <ToolRow
            key={tool.id}
            tool={tool}
            onOpen={(kind) => void openTool(tool, kind)}
            onDelete={() => {
              remove.reset();
              setDeleting(tool);
            }}
          />
        ))}
        {!isPending && tools.length === 0 && (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <Typography variant="h4" component="p">
              {t('tools.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('tools.empty')}
            </Typography>
          </Box>
        )}
      </Card>
      {open?.kind === 'new' && (
        <ToolEditorDialog
          kind={open.toolKind}
          onClose={() => setOpen(null)}
          onCreated={(tool) => setOpen(tool.kind === 'mcp' ? { kind: 'edit', tool } : null)}
        />
      )}
      {open?.kind === 'edit' && (
        <ToolEditorDialog
          key={open.tool.id}
          kind={open.tool.kind}
          tool={open.tool}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'test' && <ToolTestDialog tool={open.tool} onClose={() => setOpen(null)} />}
      <ConfirmRemoval
        target={deleting}
        removal={remove}
        words={(name) => ({
          title: t('tools.deleteTitle', { name }),
          text: t('tools.deleteText'),
          confirm: t('tools.delete'),
          removed: t('tools.deleted', { name }),
        })}
        cancelLabel={t('cancel')}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
