import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('shows the 404 heading and the hint of the spec', () => {
    renderWithMantine(<NotFoundPage />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('404 Page Not Found');
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('links back to the home page', () => {
    renderWithMantine(<NotFoundPage />);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
