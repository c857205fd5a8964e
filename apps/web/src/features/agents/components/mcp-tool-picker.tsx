import RefreshRounded from '@mui/icons-material/RefreshRounded';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import type { McpTool } from '@parley/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMcpTools } from '../api/agent-tools';

/** The tools an MCP server offers, asked on opening, each chosen (or not) for agents. */
export function McpToolPicker({
  toolId,
  chosen,
  onChange,
}: {
  toolId: string;
  chosen: McpTool[];
  onChange: (tools: McpTool[]) => void;
}) {
  const { t } = useTranslation('agents');
  const list = useListMcpTools(toolId);
  const { mutate } = list;
  useEffect(() => mutate(), [mutate]);
  const offered = list.data?.tools ?? [];
  const names = new Set(chosen.map((tool) => tool.name));
  // Chosen tools the server no longer offers stay listed, so they can be let go.
  const gone = chosen.filter((tool) => list.data && !offered.some((each) => each.name === tool.name));
  const toggle = (tool: McpTool, on: boolean) =>
    onChange(
      on
        ? [...chosen.filter((each) => each.name !== tool.name), tool]
        : chosen.filter((each) => each.name !== tool.name),
    );
  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="subtitle2">{t('tools.mcpTools')}</Typography>
        <Button
          size="small"
          startIcon={<RefreshRounded />}
          onClick={() => list.mutate()}
          disabled={list.isPending}
        >
          {list.isPending ? t('tools.mcpListing') : t('tools.mcpRefresh')}
        </Button>
      </Stack>
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      {list.data && offered.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('tools.mcpNone')}
        </Typography>
      )}
      <FormGroup>
        {[...offered, ...gone].map((tool) => (
          <FormControlLabel
            key={tool.name}
            control={
              <Checkbox
                checked={names.has(tool.name)}
                onChange={(event) => toggle(tool, event.target.checked)}
              />
            }
            label={
              <Box>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {tool.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {gone.includes(tool) ? t('tools.mcpGone') : tool.description}
                </Typography>
              </Box>
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
