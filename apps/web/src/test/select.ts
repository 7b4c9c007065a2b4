import { fireEvent, screen } from '@testing-library/react';

/** Picks a certificate type from the searchable list, typing part of it as a keyboard user would. */
export function pickCertificateType(label: string) {
  const input = screen.getByRole('combobox', { name: 'Certificate type' });
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: label.slice(0, 6) } });
  fireEvent.click(screen.getByRole('option', { name: label }));
}
