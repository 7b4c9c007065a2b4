import { DEMO_MESSAGES } from '@propertydna/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { VerificationPanel } from './verification-panel';

const auth = vi.hoisted(() => ({ isDemo: false }));

vi.mock('../../../../lib/auth', () => ({
  useAuth: () => ({ organization: { specialties: ['Roofing'], isDemo: auth.isDemo } }),
}));
vi.mock('../../../../lib/upload/use-document-upload', () => ({
  useDocumentUpload: () => ({ busy: false, items: [], upload: vi.fn() }),
}));
vi.mock('../../../../lib/trpc', () => ({
  trpc: {
    useUtils: () => ({ verification: { status: { invalidate: vi.fn() } } }),
    verification: {
      status: {
        useQuery: () => ({
          isLoading: false,
          isError: false,
          data: { verification: { level: 'self_declared', checks: [] }, evidence: [] },
        }),
      },
      submit: { useMutation: () => ({ mutateAsync: vi.fn(), isPending: false }) },
    },
  },
}));

describe('VerificationPanel', () => {
  it('offers a real supplier the form to submit a document for review', () => {
    auth.isDemo = false;
    renderWithMantine(<VerificationPanel />);
    expect(screen.getByRole('heading', { name: 'Submit a document for review' })).toBeTruthy();
    expect(screen.queryByText(DEMO_MESSAGES.verification)).toBeNull();
  });

  it('tells a demo supplier it cannot be submitted for verification, with no form to try', () => {
    auth.isDemo = true;
    renderWithMantine(<VerificationPanel />);
    expect(screen.getByText(DEMO_MESSAGES.verification)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Submit a document for review' })).toBeNull();
  });
});
