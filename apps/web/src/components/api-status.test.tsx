import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { ApiStatusView } from './api-status';

describe('ApiStatusView', () => {
  it('shows that the check is running', () => {
    renderWithMantine(<ApiStatusView state={{ status: 'loading' }} />);
    expect(screen.getByRole('heading', { name: 'API status' })).toBeTruthy();
    expect(screen.getByTestId('api-status').textContent).toBe('Checking…');
  });

  it('says the API is unreachable when the query fails', () => {
    renderWithMantine(<ApiStatusView state={{ status: 'error' }} />);
    expect(screen.getByTestId('api-status').textContent).toBe('API unreachable');
  });

  it('shows each part of the health answer', () => {
    renderWithMantine(
      <ApiStatusView state={{ status: 'success', health: { status: 'ok', db: 'ok', storage: 'ok' } }} />,
    );
    expect(screen.getByTestId('api-status').textContent).toBe('API: ok · Database: ok · Storage: ok');
  });

  it('names the failing part', () => {
    renderWithMantine(
      <ApiStatusView
        state={{ status: 'success', health: { status: 'error', db: 'ok', storage: 'error' } }}
      />,
    );
    expect(screen.getByTestId('api-status').textContent).toBe('API: error · Database: ok · Storage: error');
  });

  it('is a labelled region announced politely', () => {
    renderWithMantine(<ApiStatusView state={{ status: 'loading' }} />);
    expect(screen.getByRole('region', { name: 'API status' })).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  });
});
