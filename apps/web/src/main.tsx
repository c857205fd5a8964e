import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StatusPage } from './status-page';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <StatusPage />
  </StrictMode>,
);
