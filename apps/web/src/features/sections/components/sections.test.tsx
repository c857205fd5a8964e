import type { FrontendConfig, Section } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { AppNavigation, groupByColumn } from './app-navigation';
import { SectionPage } from './section-page';

const section = (overrides: Partial<Section>): Section => ({
  id: 's1',
  column: 'Tools',
  label: 'Price list',
  description: 'This season’s prices',
  iframe_url: null,
  icon: null,
  ...overrides,
});
const sections = [
  section({ id: 's1', column: 'Tools', label: 'Price list', iframe_url: 'https://prices.example.com/' }),
  section({
    id: 's2',
    column: 'Partners',
    label: 'Suppliers',
    icon: { initial_state: '/icons/truck.svg', selected_state: '/icons/truck-on.svg' },
  }),
  section({ id: 's3', column: 'Tools', label: 'Rota', description: '' }),
];
const config: FrontendConfig = {
  statusPageUrl: 'https://status.example.com/',
  supportUrl: 'https://help.example.com/',
  agentsApiBaseUrl: '/agents',
  telemetry: { instrumentationKey: 'k', endpointPath: '/v2/track' },
  llm: { configured: false, defaultModel: '' },
  nlu: { maxUtterances: 100, maxUtteranceLength: 280 },
  mail: { configured: true },
};

function renderAt(path: string, ui: React.ReactNode, permissions?: string[]) {
  const queryClient = signedInClient(
    signedInUser({ company: { sections }, ...(permissions ? { permissions } : {}) }),
  );
  queryClient.setQueryData(frontendConfigQuery.queryKey, config);
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/v2/sections/:sectionId" element={ui} />
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
}

describe('company sections', () => {
  it('are grouped by column in the order the server gives them', () => {
    expect(groupByColumn(sections).map(([column, items]) => [column, items.map((s) => s.id)])).toEqual([
      ['Tools', ['s1', 's3']],
      ['Partners', ['s2']],
    ]);
  });

  it('appear in the navigation under their columns, the current page selected, after Parley’s own pages', () => {
    const onNavigate = vi.fn();
    renderAt('/v2/sections/s2', <AppNavigation sections={sections} onNavigate={onNavigate} />);
    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Price list', 'Rota']);
    const suppliers = screen.getByRole('link', { name: 'Suppliers' });
    expect(suppliers).toHaveAttribute('href', '/v2/sections/s2');
    expect(suppliers).toHaveClass('Mui-selected');
    // The section's own icon, in its selected state.
    expect(suppliers.querySelector('img')).toHaveAttribute('src', '/icons/truck-on.svg');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: /Status page/ })).toHaveAttribute(
      'href',
      'https://status.example.com/',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Price list' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('show a role only the areas it opens: an agent, the inbox', () => {
    renderAt('/v2/inbox', <AppNavigation sections={[]} onNavigate={() => {}} />, ['inbox:use']);
    const areas = screen
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((label) => !/Status page|Support/.test(label ?? ''));
    expect(areas).toEqual(['Inbox', "What's new", 'Company settings']);
  });

  it('show their page inside the app, with a way to open it in a new tab', () => {
    renderAt('/v2/sections/s1', <SectionPage />);
    expect(screen.getByRole('heading', { name: 'Price list' })).toBeInTheDocument();
    expect(screen.getByTitle('Price list')).toHaveAttribute('src', 'https://prices.example.com/');
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      'https://prices.example.com/',
    );
  });

  it('say so when a section has no page yet', () => {
    renderAt('/v2/sections/s3', <SectionPage />);
    expect(screen.getByText('This section has no page to show yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).not.toBeInTheDocument();
  });
});
