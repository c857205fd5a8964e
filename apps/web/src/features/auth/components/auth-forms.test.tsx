import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_RECORD_KEY } from '../../../shared/auth/auth-record';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const session = {
  token: 'session-token',
  expiry: Date.now() + 3_600_000,
  company2faEnabled: false,
  qrRegistered: false,
};

describe('the sign-in form', () => {
  it('says what is missing or wrong before asking the server', async () => {
    const { requests } = fakeApi({});
    renderWithApp(<LoginPage />, { route: '/v2/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('speaks Spanish', async () => {
    fakeApi({});
    renderWithApp(<LoginPage />, { route: '/v2/login', language: 'es' });
    expect(screen.getByRole('heading', { name: 'Inicia sesión en Parley' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Obligatorio')).toHaveLength(2);
  });

  it('signs in with the right password, keeping the session and going on', async () => {
    const { requests } = fakeApi({ 'POST /api/auth/login': session });
    renderWithApp(<LoginPage />, { route: '/v2/login', path: '/v2/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
    expect(localStorage.getItem(AUTH_RECORD_KEY)).toContain('session-token');
  });

  it('says the email or password is not right when the server refuses them', async () => {
    fakeApi({
      'POST /api/auth/login': {
        status: 401,
        body: { error: { name: 'UnauthorizedException', message: 'Invalid credentials' } },
      },
    });
    renderWithApp(<LoginPage />, { route: '/v2/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not right.');
  });

  it('asks for the authenticator code when the company wants one, then sends it', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/login': ({ body }) =>
        (body as { otp?: string }).otp === '123456'
          ? session
          : {
              status: 401,
              body: {
                error: {
                  name: 'UnauthorizedException',
                  message: 'Code needed',
                  details: { otpRequired: true },
                },
              },
            },
    });
    renderWithApp(<LoginPage />, { route: '/v2/login', path: '/v2/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toMatchObject({ otp: '123456' });
  });

  it('says how long to wait after too many attempts', async () => {
    fakeApi({
      'POST /api/auth/login': {
        status: 429,
        body: {
          error: { name: 'RateLimitException', message: 'Slow down', details: { retryAfterMs: 4200 } },
        },
      },
    });
    renderWithApp(<LoginPage />, { route: '/v2/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts from here. Try again in 5 s.',
    );
  });
});

describe('the sign-up form', () => {
  it('checks every field and the password length before sending', async () => {
    const { requests } = fakeApi({});
    renderWithApp(<RegisterPage />, { route: '/v2/register' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Required')).toHaveLength(5);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('At least 10 characters')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends the sign-up and says to check the inbox (the industry left out when not chosen)', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/register': { status: 202, body: { status: 'accepted' } },
    });
    renderWithApp(<RegisterPage />, { route: '/v2/register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Analytical Engines');
    await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Engines',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
  });

  it('says the link is on the server’s terminal when this Parley has no mail server', async () => {
    fakeApi({
      'GET /api/frontend/config': {
        statusPageUrl: '',
        supportUrl: '',
        agentsApiBaseUrl: '/api/agents',
        telemetry: { instrumentationKey: '', endpointPath: '/telemetry' },
        llm: { configured: false, defaultModel: 'gpt-4o-mini' },
        nlu: { maxUtterances: 100, maxUtteranceLength: 280 },
        mail: { configured: false },
      },
      'POST /api/auth/register': { status: 202, body: { status: 'accepted' } },
    });
    renderWithApp(<RegisterPage />, { route: '/v2/register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Analytical Engines');
    await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your link is on the server')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /no mail server configured, so no mail went to ada@example.com: the link is on the server's terminal/,
    );
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal above the form', async () => {
    fakeApi({
      'POST /api/auth/register': {
        status: 400,
        body: { error: { name: 'ValidationException', message: 'That company name is not allowed' } },
      },
    });
    renderWithApp(<RegisterPage />, { route: '/v2/register', language: 'es' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Ada');
    await user.type(screen.getByLabelText('Apellido'), 'Lovelace');
    await user.type(screen.getByLabelText('Nombre de la empresa'), 'x');
    await user.type(screen.getByLabelText('Correo de trabajo'), 'ada@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That company name is not allowed');
  });
});
