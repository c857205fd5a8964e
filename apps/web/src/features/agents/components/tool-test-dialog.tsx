import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type Tool,
  type ToolArgumentIssue,
  type ToolTestResult,
  toolArgumentsRefusalSchema,
} from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { CodeBlock } from '../../../shared/ui/code-block';
import { useTestTool } from '../api/agent-tools';
import { exampleArguments } from '../model/schema-example';

/** The tool's example arguments, as the text the dialog starts from. */
const exampleText = (schema: Record<string, unknown> | undefined) =>
  JSON.stringify(exampleArguments(schema), null, 2);

/** The fields the server named when it refused the arguments (as an agent run would), if it did. */
function refusedFields(error: Error | null): ToolArgumentIssue[] | null {
  if (!isApiError(error) || error.name !== 'ValidationException') return null;
  const refusal = toolArgumentsRefusalSchema.safeParse(error.details);
  return refusal.success ? refusal.data.issues : null;
}

/** What is wrong with the arguments, field by field. */
function RefusedArguments({ issues }: { issues: ToolArgumentIssue[] }) {
  const { t } = useTranslation('agents');
  return (
    <Alert severity="error" aria-label={t('tools.testArgumentsRefused')}>
      {t('tools.testArgumentsRefused')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {issues.map((issue) => (
          <li key={`${issue.path}:${issue.message}`}>
            <Box component="code" sx={{ fontWeight: 600 }}>
              {issue.path || t('tools.testArgumentsWhole')}
            </Box>
            : {issue.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

const requestText = (request: NonNullable<ToolTestResult['request']>) =>
  [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(request.body ? ['', request.body] : []),
  ].join('\n');

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const responseText = (response: NonNullable<ToolTestResult['response']>) =>
  [
    `${response.status}`,
    ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    prettyBody(response.body),
  ].join('\n');

/** Calls a tool with arguments and shows the exact request and response, and what the model reads. */
export function ToolTestDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { definition } = tool;
  const mcpTools = definition.kind === 'mcp' ? definition.tools : [];
  const [chosen, setChosen] = useState(mcpTools[0]?.name ?? '');
  const schemaOf = (name: string) =>
    definition.kind === 'http'
      ? definition.parameters
      : mcpTools.find((each) => each.name === name)?.inputSchema;
  const [text, setText] = useState(() => exampleText(schemaOf(chosen)));
  const [invalid, setInvalid] = useState(false);
  const test = useTestTool(tool.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(text || '{}');
    } catch {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    test.mutate({ arguments: args, ...(definition.kind === 'mcp' ? { tool: chosen } : {}) });
  };
  const result = test.data;
  const refused = refusedFields(test.error);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <form onSubmit={submit}>
        <DialogTitle>{t('tools.testTitle', { name: tool.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {definition.kind === 'mcp' && (
              <TextField
                select
                label={t('tools.testTool')}
                value={chosen}
                onChange={(event) => {
                  setChosen(event.target.value);
                  setText(exampleText(schemaOf(event.target.value)));
                }}
                disabled={mcpTools.length === 0}
                helperText={mcpTools.length === 0 ? t('tools.testNoTools') : undefined}
              >
                {mcpTools.map((each) => (
                  <MenuItem key={each.name} value={each.name}>
                    {each.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('tools.testArguments')}
              helperText={invalid ? t('tools.testArgumentsInvalid') : t('tools.testArgumentsHelp')}
              error={invalid}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
            {refused ? (
              <RefusedArguments issues={refused} />
            ) : (
              test.error && <Alert severity="error">{test.error.message}</Alert>
            )}
            {result && (
              <Stack spacing={2} aria-live="polite">
                <Stack direction="row" spacing={1} alignItems="center">
                  <Chip
                    color={result.ok ? 'success' : 'error'}
                    label={result.ok ? t('tools.testOk') : (result.error?.name ?? t('tools.testFailed'))}
                  />
                  {result.response && (
                    <Typography variant="body2" color="text.secondary">
                      {t('tools.testTook', {
                        status: result.response.status,
                        ms: result.response.durationMs,
                      })}
                    </Typography>
                  )}
                </Stack>
                {result.error && <Alert severity="error">{result.error.message}</Alert>}
                {result.request && (
                  <Box>
                    <Typography variant="subtitle2" sx={{ mb: 1 }}>
                      {t('tools.testRequest')}
                    </Typography>
                    <CodeBlock code={requestText(result.request)} label={t('tools.testRequest')} />
                  </Box>
                )}
                {result.response && (
                  <Box>
                    <Typography variant="subtitle2" sx={{ mb: 1 }}>
                      {t('tools.testResponse')}
                    </Typography>
                    <CodeBlock code={responseText(result.response)} label={t('tools.testResponse')} />
                  </Box>
                )}
                {result.ok && (
                  <Box>
                    <Typography variant="subtitle2" sx={{ mb: 1 }}>
                      {t('tools.testResult')}
                    </Typography>
                    <CodeBlock
                      code={JSON.stringify(result.result, null, 2) ?? ''}
                      label={t('tools.testResult')}
                    />
                  </Box>
                )}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setText(exampleText(schemaOf(chosen)))} sx={{ mr: 'auto' }}>
            {t('tools.testArgumentsReset')}
          </Button>
          <Button onClick={onClose}>{t('tools.close')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={test.isPending || (definition.kind === 'mcp' && !chosen)}
          >
            {test.isPending ? t('tools.testing') : t('tools.runTest')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
