import { COMPLIANCE_STATUSES } from '@propertydna/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullText, renderWithMantine, renderWithRouter } from '../../../test/render';
import { ComplianceIndicator, type DashboardProperty, PropertyCard } from './property-card';

const PROPERTY: DashboardProperty = {
  id: '7d0a7a52-8f55-4a59-9c3b-2f8e7f0f5a10',
  name: 'Bree Street Flat',
  dnaCode: 'PDNA-ZA-CPT-A123-2026-ABCDE7',
  address: '4 Bree Street, Cape Town, 8001',
  erfNumber: 'A123',
  township: 'Woodstock',
  isDemo: false,
  documentsCount: 3,
  lastActivity: '2026-11-22T08:00:00.000Z',
  complianceStatus: 'warning',
  complianceReason: 'Roof inspection report is due (and 1 more)',
};

async function renderCard(overrides: Partial<DashboardProperty> = {}) {
  await renderWithRouter(<PropertyCard property={{ ...PROPERTY, ...overrides }} />);
  return screen.findByRole('link');
}

describe('PropertyCard', () => {
  it('shows the DNA code, address, ERF number, area, document count, compliance and last activity', async () => {
    const card = await renderCard();
    expect(card.getAttribute('href')).toBe(`/properties/${PROPERTY.id}`);
    expect(screen.getByRole('heading', { level: 3, name: 'Bree Street Flat' })).toBeTruthy();
    expect(screen.getByText(fullText('DNA code: PDNA-ZA-CPT-A123-2026-ABCDE7'))).toBeTruthy();
    expect(screen.getByText('4 Bree Street, Cape Town, 8001')).toBeTruthy();
    expect(screen.getByText('ERF number: A123')).toBeTruthy();
    expect(screen.getByText('Area: Woodstock')).toBeTruthy();
    expect(screen.getByText('3 docs')).toBeTruthy();
    expect(screen.getByText(fullText('Compliance: Warning'))).toBeTruthy();
    expect(screen.getByText('Last activity: Nov 22, 2026')).toBeTruthy();
    expect(screen.queryByText('DEMO')).toBeNull();
  });

  it('says why it is Critical or Warning in one line, and nothing of the kind when it is Good', async () => {
    await renderCard();
    expect(screen.getByTestId('compliance-reason').textContent).toBe(
      'Roof inspection report is due (and 1 more)',
    );
  });

  it('says no reason for a Good property, nor for one whose check has not written one yet', async () => {
    await renderCard({ complianceStatus: 'good', complianceReason: null });
    expect(screen.queryByTestId('compliance-reason')).toBeNull();
  });

  it('shows the DEMO badge for a demo property, whole (it never shrinks)', async () => {
    await renderCard({ isDemo: true });
    const badge = screen.getByText('DEMO').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.flexShrink).toBe('0');
  });

  it('leads with the name and shows the address only when it says something else', async () => {
    await renderCard({ name: '4 Bree Street, Cape Town, 8001' });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('4 Bree Street, Cape Town, 8001');
    expect(screen.getAllByText('4 Bree Street, Cape Town, 8001')).toHaveLength(1);
  });

  it('leaves out the Area line when there is no township, and says N docs for any count', async () => {
    await renderCard({ township: null, documentsCount: 0 });
    expect(screen.queryByText(/^Area:/)).toBeNull();
    expect(screen.getByText('0 docs')).toBeTruthy();
  });

  it('leaves out the ERF number line when there is none', async () => {
    await renderCard({ erfNumber: '' });
    expect(screen.queryByText(/^ERF number:/)).toBeNull();
  });
});

describe('ComplianceIndicator', () => {
  const expected = {
    good: ['Good', 'green'],
    warning: ['Warning', 'yellow'],
    critical: ['Critical', 'red'],
  } as const;
  for (const status of COMPLIANCE_STATUSES) {
    it(`shows ${status} as a ${expected[status][1]} dot labelled ${expected[status][0]}`, () => {
      renderWithMantine(<ComplianceIndicator status={status} />);
      expect(screen.getByText(fullText(`Compliance: ${expected[status][0]}`))).toBeTruthy();
      const dot = screen.getByTestId('compliance-dot');
      expect(dot.getAttribute('data-color')).toBe(expected[status][1]);
      expect(dot.getAttribute('style')).toContain(`--mantine-color-${expected[status][1]}-6`);
      expect(dot.getAttribute('aria-hidden')).toBe('true');
    });
  }
});
