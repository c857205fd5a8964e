import type { StoreConnection } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { readStoreRecord, saveStoreRecord } from '../store-record';
import { StoreCard } from './store-card';

const connected: StoreConnection = {
  connected: true,
  platform: 'shopify',
  domain: 'parley-demo.myshopify.com',
  shopName: 'Parley Outdoor Co.',
  currencyCode: 'EUR',
  storefrontUrl: 'https://parley-demo.example',
  tokenHint: '••••cdef',
  checkedAt: '2026-11-28T09:00:00.000Z',
  problem: null,
};

const renderCard = () => renderWithApp(<StoreCard />, { queryClient: signedInClient(signedInUser()) });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the store card', () => {
  it('checks the domain before calling, connects with the token and keeps the 12-hour record', async () => {
    let saved = false;
    const { requests } = fakeApi({
      'GET /api/store/shopify': () => (saved ? connected : { connected: false }),
      'PUT /api/store/shopify': ({ body }) => {
        if ((body as { accessToken: string }).accessToken === 'shpat_revoked_0000000000')
          return {
            status: 400,
            body: { error: { name: 'StoreTokenRejectedException', message: 'refused' } },
          };
        saved = true;
        return connected;
      },
    });
    renderCard();
    const domain = await screen.findByLabelText('Store’s myshopify address');
    fireEvent.change(domain, { target: { value: 'parley-demo.com' } });
    fireEvent.change(screen.getByLabelText('Admin API access token'), {
      target: { value: 'shpat_revoked_0000000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText(/Enter the store’s myshopify address/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(domain, { target: { value: 'parley-demo.myshopify.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText(/Shopify refused this access token/)).toBeInTheDocument();
    expect(readStoreRecord()).toBeNull();

    fireEvent.change(screen.getByLabelText('Admin API access token'), {
      target: { value: 'shpat_0123456789abcdef0123456789abcdef' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText('Parley Outdoor Co.')).toBeInTheDocument();
    expect(screen.getByLabelText('Access token hint')).toHaveTextContent('••••cdef');
    const record = readStoreRecord();
    expect(record?.domain).toBe('parley-demo.myshopify.com');
    expect((record?.expiry ?? 0) - Date.now()).toBeGreaterThan(43_200_000 - 5_000);
    expect(JSON.parse(localStorage.getItem('shopify') ?? '{}')).toEqual(record);
  });

  it('asks again once the record has expired, and shows the store after the kept token checks out', async () => {
    localStorage.setItem('shopify', JSON.stringify({ domain: connected.domain, expiry: Date.now() - 1 }));
    const { requests } = fakeApi({
      'GET /api/store/shopify': () => connected,
      'POST /api/store/shopify/check': () => connected,
    });
    renderCard();
    expect(
      await screen.findByText(/Confirm the connection to parley-demo.myshopify.com/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Parley Outdoor Co.')).not.toBeInTheDocument();
    expect(localStorage.getItem('shopify')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check the saved token' }));
    expect(await screen.findByText('Parley Outdoor Co.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(true);
    expect(readStoreRecord()?.domain).toBe(connected.domain);
  });

  it('shows a store whose token was refused as disconnected, and why', async () => {
    saveStoreRecord(connected.domain);
    fakeApi({
      'GET /api/store/shopify': () => ({
        ...connected,
        problem: {
          kind: 'token_rejected',
          message: 'The store refused the access token',
          at: '2026-11-28T10:00:00.000Z',
        },
      }),
    });
    renderCard();
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(
      screen.getByText(/Shopify refused the access token \(The store refused the access token\)/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Admin API access token')).toBeInTheDocument());
  });

  it('a damaged record is dropped', () => {
    localStorage.setItem('shopify', '{"domain":"not a domain","expiry":"soon"}');
    expect(readStoreRecord()).toBeNull();
    expect(localStorage.getItem('shopify')).toBeNull();
  });
});
