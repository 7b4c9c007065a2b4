import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render';
import { PageTitle, SECTIONS } from './section-page';

describe('PageTitle', () => {
  for (const [section, { title, subtitle }] of Object.entries(SECTIONS)) {
    it(`heads the ${section} page with its title as the one level-1 heading, its subtitle and its content`, () => {
      renderWithMantine(
        <PageTitle title={title} subtitle={subtitle}>
          <p>The page itself</p>
        </PageTitle>,
      );
      const headings = screen.getAllByRole('heading', { level: 1 });
      expect(headings.map((heading) => heading.textContent)).toEqual([title]);
      expect(screen.getByText(subtitle)).toBeTruthy();
      expect(screen.getByText('The page itself')).toBeTruthy();
    });
  }
});
