import HubOutlined from '@mui/icons-material/HubOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { type GlobalConnection, triggerSummary } from '@parley/flow';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** Global connections are drawn in this colour: they fire from anywhere, not from a module. */
export const GLOBAL_COLOR = '#db2777';
export const GLOBALS_NODE_ID = '__globals';

export type GlobalsNode = Node<{ globals: GlobalConnection[] }, 'globals'>;

/** Where global connections start on the canvas: one output per global connection. */
export const GlobalsNodeView = memo(function GlobalsNodeView({ data }: NodeProps<GlobalsNode>) {
  const { t } = useTranslation('builder');
  return (
    <Box
      data-globals-node
      sx={{
        width: 240,
        bgcolor: '#fdf2f8',
        border: `1.5px dashed ${GLOBAL_COLOR}`,
        borderRadius: 3,
        fontSize: 13,
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 1.5, pt: 1.25, pb: 0.75 }}>
        <HubOutlined sx={{ fontSize: 18, color: GLOBAL_COLOR }} />
        <Box>
          <Typography
            variant="caption"
            sx={{ color: GLOBAL_COLOR, fontWeight: 700, display: 'block', lineHeight: 1.2 }}
          >
            {t('globals.nodeTitle')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('globals.nodeHelp')}
          </Typography>
        </Box>
      </Stack>
      {data.globals.map((global) => (
        <Box
          key={global.id}
          sx={{
            position: 'relative',
            px: 1.5,
            py: 0.5,
            textAlign: 'right',
            opacity: global.enabled ? 1 : 0.5,
          }}
          data-port={global.id}
        >
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block', pr: 0.5 }}>
            {global.name || triggerSummary(global.trigger)}
          </Typography>
          <Handle
            type="source"
            id={global.id}
            position={Position.Right}
            isConnectable={false}
            style={{ width: 10, height: 10, background: '#fff', border: `2px solid ${GLOBAL_COLOR}` }}
          />
        </Box>
      ))}
    </Box>
  );
});
