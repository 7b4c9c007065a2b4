import type { DemoAccount, Login } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../test/render';
import { type LoginPending, LoginView } from './login-view';

const MISSING = 'Missing credentials: Please enter email and password or use demo accounts';

function renderLogin(
  props: {
    pending?: LoginPending;
    error?: string | null;
    redirect?: string;
    signedUpEmail?: string;
    prefillEmail?: string;
  } = {},
) {
  const onLogin = vi.fn<(credentials: Login) => void>();
  const onDemo = vi.fn<(account: DemoAccount) => void>();
  renderWithRouter(
    <LoginView
      onLogin={onLogin}
      onDemo={onDemo}
      pending={props.pending ?? null}
      error={props.error ?? null}
      redirect={props.redirect}
      signedUpEmail={props.signedUpEmail}
      prefillEmail={props.prefillEmail}
    />,
  );
  return { onLogin, onDemo };
}

describe('LoginView', () => {
  it('says which credentials are missing when both fields are empty, without logging in', async () => {
    const { onLogin } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('fills in the email of the account just created, says it was created, and waits for the password', async () => {
    const { onLogin } = renderLogin({ signedUpEmail: 'thandi@example.co.za' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Account created');
    expect(status.textContent).toContain('thandi@example.co.za');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('thandi@example.co.za');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledWith({ email: 'thandi@example.co.za', password: 'a long password' });
  });

  it("fills in a transfer link's address without saying an account was created", async () => {
    renderLogin({ prefillEmail: 'buyer@example.com' });
    await screen.findByRole('button', { name: 'Log in' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('buyer@example.com');
    expect(screen.queryByText('Account created')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('says nothing about a new account on a plain visit', async () => {
    renderLogin();
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText('Account created')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('says the same when only the password is missing', async () => {
    const { onLogin } = renderLogin();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'owner@example.co.za' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('logs in with the email as the server compares it (trimmed, lower case)', async () => {
    const { onLogin } = renderLogin();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' Owner@Example.co.za ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledWith({ email: 'owner@example.co.za', password: 'secret password' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure it is given', async () => {
    renderLogin({ error: 'Invalid email or password' });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('reads Logging in... while the login is out', async () => {
    renderLogin({ pending: 'login' });
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
  });

  it('reveals the owner and supplier demos, and goes back to the login form', async () => {
    const { onDemo } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Access Demo Accounts' }));
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Property owner demo/ }));
    expect(onDemo).toHaveBeenLastCalledWith('owner');
    fireEvent.click(screen.getByRole('button', { name: /^Supplier demo/ }));
    expect(onDemo).toHaveBeenLastCalledWith('supplier');
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('links to signup', async () => {
    renderLogin();
    expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/signup');
  });

  it("carries the page to return to into 'Sign up', and links plain signup without one", async () => {
    renderLogin({ redirect: '/share/tok123' });
    const withReturn = await screen.findByRole('link', { name: 'Sign up' });
    expect(withReturn.getAttribute('href')).toBe('/signup?redirect=%2Fshare%2Ftok123');
  });

  it("links 'Forgot password?' to the reset request page, in the login form only", async () => {
    renderLogin();
    const forgot = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(forgot.getAttribute('href')).toBe('/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Access Demo Accounts' }));
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it('links plain signup when there is nowhere to return to', async () => {
    renderLogin();
    expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/signup');
  });
});
