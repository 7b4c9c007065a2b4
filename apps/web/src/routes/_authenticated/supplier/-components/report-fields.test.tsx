import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { ReportFields } from './report-fields';

const fields = ROOFING_SERVICE_REPORT_V1.fields;

describe('ReportFields', () => {
  it('renders one labelled input per field, by type, with the five required fields marked', () => {
    renderWithMantine(<ReportFields fields={fields} values={{}} errors={{}} onChange={() => {}} />);
    const required = fields.filter((field) => field.required).map((field) => field.name);
    expect(required).toEqual(['job_ref', 'inspection_date', 'roof_type', 'condition', 'work_performed']);
    for (const field of fields) {
      const input = document.getElementById(`report-${field.name}`) as HTMLInputElement;
      expect(input, field.name).toBeTruthy();
      expect(input.required, field.name).toBe(field.required);
      const label = document.querySelector(`label[for="report-${field.name}"]`);
      expect(label?.textContent?.replace(/\s*\*$/, '')).toBe(field.label);
      expect(label?.textContent?.endsWith('*')).toBe(field.required);
    }
    expect((document.getElementById('report-inspection_date') as HTMLInputElement).type).toBe('date');
    expect(document.getElementById('report-work_performed')?.tagName).toBe('TEXTAREA');
    expect(document.getElementById('report-roof_type')?.tagName).toBe('SELECT');
  });

  it("lists a select field's options and reports the choice", () => {
    const onChange = vi.fn();
    renderWithMantine(<ReportFields fields={fields} values={{}} errors={{}} onChange={onChange} />);
    const select = document.getElementById('report-condition') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual([
      '',
      'Good',
      'Fair',
      'Poor',
      'Critical',
    ]);
    fireEvent.change(select, { target: { value: 'Fair' } });
    expect(onChange).toHaveBeenCalledWith('condition', 'Fair');
  });

  it('shows the error of a field', () => {
    renderWithMantine(
      <ReportFields
        fields={fields}
        values={{}}
        errors={{ work_performed: 'Work performed is required' }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Work performed is required')).toBeTruthy();
  });
});
