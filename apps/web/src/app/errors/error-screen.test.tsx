import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { saveAuthRecord } from '../../shared/auth/auth-record';
import { errorKindOf, NotFoundException, reportCaughtError } from '../../shared/errors/error-kind';
import { renderWithApp } from '../../test/render';
import { RouteErrorScreen } from './error-screen';
import { RouterFallback } from './router-fallback';

describe('choosing the error screen by the error’s name', () => {
  it.each([
    [new ApiError('NotFoundException', 'x', 404), 'not-found'],
    [new NotFoundException('x'), 'not-found'],
    [new ApiError('UnauthorizedException', 'x', 401), 'unauthorized'],
    [
      new ApiError('ForbiddenException', 'Only Parley staff may look at another company', 403),
      'unauthorized',
    ],
    [ApiError.fromResponse(403, 'Forbidden'), 'unauthorized'],
    [ApiError.fromResponse(404, undefined), 'not-found'],
    [new ApiError('InternalException', 'x', 500), 'internal-error'],
    [new ApiError('ConflictException', 'x', 409), 'internal-error'],
    [new TypeError('x'), 'internal-error'],
    ['a string', 'internal-error'],
    [null, 'internal-error'],
  ])('%s shows %s', (error, kind) => {
    expect(errorKindOf(error)).toBe(kind);
  });

  it('logs only faults: a refusal or an absence is what its screen says', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportCaughtError(
      new ApiError('ForbiddenException', 'Only Parley staff may look at another company', 403),
    );
    reportCaughtError(new ApiError('NotFoundException', 'Bot not found', 404));
    expect(logged).not.toHaveBeenCalled();
    const fault = new TypeError('x is undefined');
    reportCaughtError(fault);
    expect(logged).toHaveBeenCalledWith(fault);
    logged.mockRestore();
  });

  function renderThrowing(error: unknown, errorElement = <RouteErrorScreen />) {
    const router = createMemoryRouter([
      {
        path: '/',
        element: null,
        loader: () => {
          throw error;
        },
        errorElement,
        hydrateFallbackElement: <span>Loading…</span>,
      },
    ]);
    return renderWithApp(<RouterProvider router={router} />);
  }

  it('renders the not-found, unauthorized and internal-error screens', async () => {
    renderThrowing(new ApiError('NotFoundException', 'x', 404));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers sign-in on the unauthorized screen', async () => {
    renderThrowing(new ApiError('UnauthorizedException', 'x', 401));
    expect(await screen.findByRole('heading', { name: "You can't see this page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/v2/login');
  });

  it('offers the way home, not sign-in, to someone signed in who may not see the page', async () => {
    saveAuthRecord({
      token: 'jwt',
      expiry: Date.now() + 60_000,
      company2faEnabled: false,
      qrRegistered: false,
    });
    renderThrowing(new ApiError('ForbiddenException', 'Only Parley staff may look at another company', 403));
    expect(await screen.findByRole('heading', { name: "You can't see this page" })).toBeInTheDocument();
    expect(screen.getByText(/Your account has no access to it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/v2');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the internal-error screen for anything else', async () => {
    renderThrowing(new Error('kaput'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('the router fallback shows "Unexpected Application Error" with the message', async () => {
    renderThrowing(new Error('config failed'), <RouterFallback />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
    expect(screen.getByText('config failed')).toBeInTheDocument();
  });
});
