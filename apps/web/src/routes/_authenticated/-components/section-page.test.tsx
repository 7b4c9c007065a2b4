import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { ComingSoonPage, SECTIONS } from './section-page';

const COMING = ['reports'] as const;

describe('ComingSoonPage', () => {
  for (const section of COMING) {
    it(`says what ${section} will do and what works today, with links`, async () => {
      await renderWithRouter(<ComingSoonPage section={section} />);
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(SECTIONS[section].title);
      expect(screen.getByText('Coming Soon')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'What you will be able to do' })).toBeTruthy();
      expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
      const today = screen.getByRole('region', { name: 'What you can do today' });
      const hrefs = within(today)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toContain('/app/properties');
      // At least one link beyond the two buttons leads to something usable today.
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      for (const href of hrefs) expect(href).toMatch(/^\//);
    });
  }
});
