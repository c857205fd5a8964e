import '@fontsource-variable/inter';
import { enqueueSnackbar } from 'notistack';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { reportCaughtError } from './shared/errors/error-kind';

void initI18n();

// A failed change shows the server's own message as a toast (forms that explain errors opt out).
const queryClient = createQueryClient((error) => {
  enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
});
const router = createRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Errors caught by the error screens: React and React Router each log them unless told otherwise.
createRoot(container, { onCaughtError: reportCaughtError }).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} onError={reportCaughtError} />
    </AppProviders>
  </StrictMode>,
);
