import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { rememberedShareUrl } from '../share/remembered-links';
import { checkShareChoices, ShareLinkModal, ShareModalView, type ShareModalViewProps } from './share-modal';

function renderModal(props: Partial<ShareModalViewProps> = {}) {
  const onGenerate = vi.fn();
  const onClose = vi.fn();
  const result = renderWithMantine(
    <ShareModalView
      opened
      documentName="Title deed.pdf"
      pending={false}
      generated={null}
      onGenerate={onGenerate}
      onClose={onClose}
      {...props}
    />,
  );
  return { ...result, onGenerate, onClose };
}

/** The password input (its label is 'Password', with the required asterisk). */
const passwordField = () =>
  screen.queryByLabelText((content) => content.replace(/\s*\*$/, '').trim() === 'Password');
const dialog = () => screen.getByRole('dialog', { name: 'Share document' });

describe('ShareModalView', () => {
  it('has Password protect, the expiry (30 days), Generate Share Link and Cancel', async () => {
    const { onClose } = renderModal();
    await screen.findByRole('dialog', { name: 'Share document' });
    expect(within(dialog()).getByText('Title deed.pdf')).toBeTruthy();
    const checkbox = within(dialog()).getByRole('checkbox', { name: 'Password protect' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    expect((within(dialog()).getByLabelText('Expires after (days)') as HTMLInputElement).value).toBe('30');
    expect(within(dialog()).getByRole('button', { name: 'Generate Share Link' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reveals the password field only when Password protect is checked', async () => {
    renderModal();
    await screen.findByRole('dialog', { name: 'Share document' });
    expect(passwordField()).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Password protect' }));
    expect(passwordField()).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Password protect' }));
    expect(passwordField()).toBeNull();
  });

  it('refuses a password under 4 characters with the domain message, and sends nothing', async () => {
    const { onGenerate } = renderModal();
    await screen.findByRole('dialog', { name: 'Share document' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Password protect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Share Link' }));
    expect(await screen.findByText('Share password must be at least 4 characters')).toBeTruthy();
    fireEvent.change(passwordField() as HTMLInputElement, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Share Link' }));
    expect(onGenerate).not.toHaveBeenCalled();
    fireEvent.change(passwordField() as HTMLInputElement, { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Share Link' }));
    expect(onGenerate).toHaveBeenCalledWith({ password: 'abcd', expiresInDays: 30 });
  });

  it('sends no password when the link is not protected', async () => {
    const { onGenerate } = renderModal();
    await screen.findByRole('dialog', { name: 'Share document' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Share Link' }));
    expect(onGenerate).toHaveBeenCalledWith({ password: null, expiresInDays: 30 });
  });

  it('disables Generate Share Link while the request is out', async () => {
    const { onGenerate } = renderModal({ pending: true });
    await screen.findByRole('dialog', { name: 'Share document' });
    const button = screen.getByRole('button', { name: 'Generate Share Link' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Share document' }));
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it('shows the generated link, and says to copy it when the clipboard was unavailable', async () => {
    const url = 'http://localhost:3000/share/abc123';
    const { rerender } = renderModal({ generated: { url, copied: true } });
    await screen.findByRole('dialog', { name: 'Share document' });
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe(url);
    expect(screen.getByText('The link is on your clipboard.')).toBeTruthy();
    rerender(
      <ShareModalView
        opened
        documentName="Title deed.pdf"
        pending={false}
        generated={{ url, copied: false }}
        onGenerate={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('Copy the link below and send it to the recipient.')).toBeTruthy();
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe(url);
  });
});

describe('after the link is made', () => {
  it('offers Copy link and Close instead of Generate, and a submit makes nothing', async () => {
    const onCopy = vi.fn();
    const { onGenerate } = renderModal({
      generated: { url: 'http://localhost:3000/share/abc123', copied: true },
      onCopy,
    });
    await screen.findByRole('dialog', { name: 'Share document' });
    expect(screen.queryByRole('button', { name: 'Generate Share Link' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Password protect' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Share document' }));
    expect(onGenerate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('makes one link however often Generate is pressed, shows it and remembers it for this tab', async () => {
    let answer: (value: { id: string; token: string }) => void = () => {};
    const create = vi.fn(
      () =>
        new Promise<{ id: string; token: string }>((resolve) => {
          answer = resolve;
        }),
    );
    const onCreated = vi.fn();
    renderWithMantine(
      <ShareLinkModal
        subject="Title deed.pdf"
        opened
        create={create}
        onCreated={onCreated}
        onClose={vi.fn()}
      />,
    );
    const generate = await screen.findByRole('button', { name: 'Generate Share Link' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    fireEvent.submit(screen.getByRole('form', { name: 'Share document' }));
    expect(create).toHaveBeenCalledTimes(1);
    answer({ id: 'link-1', token: 'tok-1' });
    const field = (await screen.findByLabelText('Share link')) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/share/tok-1`);
    expect(rememberedShareUrl('link-1')).toBe(field.value);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Generate Share Link' })).toBeNull();
    fireEvent.submit(screen.getByRole('form', { name: 'Share document' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    window.sessionStorage.clear();
  });
});

describe('checkShareChoices', () => {
  it('keeps the expiry between 1 and 365 days', () => {
    expect(checkShareChoices(false, '', 0).errors).toEqual({
      expiresInDays: 'A share link must last at least 1 day',
    });
    expect(checkShareChoices(false, '', 366).errors).toEqual({
      expiresInDays: 'A share link can last at most 365 days',
    });
    expect(checkShareChoices(false, 'ignored', 7).data).toEqual({ password: null, expiresInDays: 7 });
  });
});
