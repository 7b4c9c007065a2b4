import { describe, expect, it } from 'vitest';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointInput,
  updateWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  webhookDeliveryParams,
  webhookUrlSchema,
} from './webhook.js';

const ID = '0b6c8a34-5d2e-4f1a-9c3b-7e8d9f0a1b2c';
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('webhook endpoints (issue 30 §2)', () => {
  it('names every event on screen', () => {
    expect(Object.keys(WEBHOOK_EVENT_LABELS).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('takes an http(s) URL with a host and no credentials, trimmed', () => {
    expect(webhookUrlSchema.parse('  https://hooks.example.co.za/pdna  ')).toBe(
      'https://hooks.example.co.za/pdna',
    );
    expect(webhookUrlSchema.parse('http://127.0.0.1:8080/hook')).toBe('http://127.0.0.1:8080/hook');
    for (const bad of [
      'not a url',
      'ftp://example.com/x',
      'mailto:someone@example.com',
      'file:///etc/passwd',
    ]) {
      expect(messages(webhookUrlSchema.safeParse(bad)), bad).toContain(WEBHOOK_MESSAGES.url);
    }
    expect(messages(webhookUrlSchema.safeParse('https://user:secret@example.com/hook'))).toEqual([
      WEBHOOK_MESSAGES.credentials,
    ]);
    expect(messages(webhookUrlSchema.safeParse(42))).toEqual([WEBHOOK_MESSAGES.url]);
    expect(messages(webhookUrlSchema.safeParse(`https://example.com/${'a'.repeat(2000)}`))).toContain(
      'URL must be 2000 characters or fewer',
    );
  });

  it('adds an endpoint with at least one known event (each once) and an optional description', () => {
    expect(
      createWebhookEndpointSchema.parse({
        url: 'https://example.com/hook',
        events: ['document.created', 'claim.created', 'document.created'],
      }),
    ).toEqual({
      url: 'https://example.com/hook',
      events: ['document.created', 'claim.created'],
      description: '',
    });
    expect(
      messages(createWebhookEndpointSchema.safeParse({ url: 'https://example.com', events: [] })),
    ).toEqual([WEBHOOK_MESSAGES.events]);
    expect(
      messages(
        createWebhookEndpointSchema.safeParse({ url: 'https://example.com', events: ['document.deleted'] }),
      ),
    ).toEqual([WEBHOOK_MESSAGES.event]);
    expect(
      messages(
        createWebhookEndpointSchema.safeParse({
          url: 'https://example.com',
          events: ['claim.created'],
          description: 'x'.repeat(201),
        }),
      ),
    ).toEqual([WEBHOOK_MESSAGES.description]);
  });

  it('changes any of its fields, but not nothing', () => {
    expect(updateWebhookEndpointSchema.parse({ enabled: true })).toEqual({ enabled: true });
    expect(messages(updateWebhookEndpointSchema.safeParse({}))).toEqual(['Nothing to change']);
    expect(messages(updateWebhookEndpointSchema.safeParse({ enabled: 'yes' }))).toEqual([
      'Enabled must be true or false',
    ]);
    expect(updateWebhookEndpointInput.parse({ id: ID, patch: { description: ' nightly sync ' } })).toEqual({
      id: ID,
      patch: { description: 'nightly sync' },
    });
    expect(webhookDeliveryParams.parse({ id: ID, deliveryId: ID })).toEqual({ id: ID, deliveryId: ID });
  });
});
