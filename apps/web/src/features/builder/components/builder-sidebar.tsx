import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DataObjectRounded from '@mui/icons-material/DataObjectRounded';
import HubOutlined from '@mui/icons-material/HubOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SellOutlined from '@mui/icons-material/SellOutlined';
import { Box, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore, BuilderTool } from '../model/builder-store';
import type { FlowInsights } from '../model/insights';
import { DebuggerPanel } from './debugger-panel';
import { FindPanel } from './find-panel';
import { GlobalConnectionsPanel } from './global-connections-panel';
import { IntentsPanel } from './intents-panel';
import { ModulePalette } from './module-palette';
import { TagsPanel } from './tags-panel';
import { VariablesPanel } from './variables-panel';

const tools = [
  { id: 'add', icon: AddBoxOutlined, labelKey: 'sidebar.add', width: 220 },
  { id: 'find', icon: SearchRounded, labelKey: 'sidebar.find', width: 300 },
  { id: 'globals', icon: HubOutlined, labelKey: 'sidebar.globals', width: 340 },
  { id: 'variables', icon: DataObjectRounded, labelKey: 'sidebar.variables', width: 340 },
  { id: 'intents', icon: PsychologyOutlined, labelKey: 'sidebar.intents', width: 360 },
  { id: 'tags', icon: SellOutlined, labelKey: 'sidebar.tags', width: 300 },
  { id: 'debug', icon: BugReportOutlined, labelKey: 'sidebar.debug', width: 400 },
] as const satisfies { id: BuilderTool; icon: unknown; labelKey: string; width: number }[];

/** The builder's tools beside the canvas: a rail of buttons, each opening its panel. */
export function BuilderSidebar({ store, insights }: { store: BuilderStore; insights: FlowInsights }) {
  const { t } = useTranslation('builder');
  const open = useStore(store, (state) => state.tool);
  const setOpen = store.getState().setTool;
  const current = tools.find((tool) => tool.id === open);
  return (
    <Stack direction="row" sx={{ height: '100%', flexShrink: 0, bgcolor: 'background.paper' }}>
      <Stack
        spacing={0.5}
        alignItems="center"
        sx={{ width: 52, py: 1, borderRight: '1px solid', borderColor: 'divider' }}
        role="toolbar"
        aria-orientation="vertical"
        aria-label={t('sidebar.label')}
      >
        {tools.map((tool) => (
          <Tooltip key={tool.id} title={t(tool.labelKey)} placement="right">
            <IconButton
              aria-label={t(tool.labelKey)}
              aria-pressed={open === tool.id}
              onClick={() => setOpen(open === tool.id ? null : tool.id)}
              sx={{
                borderRadius: 2,
                color: open === tool.id ? 'primary.main' : 'text.secondary',
                bgcolor: open === tool.id ? 'rgba(79,70,229,0.08)' : 'transparent',
              }}
            >
              <tool.icon />
            </IconButton>
          </Tooltip>
        ))}
      </Stack>
      {current && (
        <Stack
          component="section"
          aria-label={t(current.labelKey)}
          sx={{ width: current.width, borderRight: '1px solid', borderColor: 'divider' }}
        >
          <Stack direction="row" alignItems="center" sx={{ px: 2, py: 1.25 }}>
            <Typography variant="subtitle2" fontWeight={700} sx={{ flex: 1 }}>
              {t(current.labelKey)}
            </Typography>
            <IconButton size="small" aria-label={t('sidebar.close')} onClick={() => setOpen(null)}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Stack>
          <Divider />
          <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
            {current.id === 'add' && <ModulePalette store={store} />}
            {current.id === 'find' && <FindPanel store={store} modules={insights.flow?.modules ?? []} />}
            {current.id === 'globals' && <GlobalConnectionsPanel store={store} />}
            {current.id === 'variables' && <VariablesPanel store={store} usages={insights.usages} />}
            {current.id === 'intents' && <IntentsPanel store={store} />}
            {current.id === 'tags' && <TagsPanel store={store} />}
            {current.id === 'debug' && <DebuggerPanel store={store} />}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
