import type { MaintenanceTask } from '../../../../lib/maintenance';

export const GARDENS = { id: '0b6f5d1e-3c39-4b7a-9f0e-0c5d6e7f8a91', name: 'Gardens Family Home' };
export const SEA_POINT = { id: '5a2c9d4e-7b1f-4e3a-8c6d-2f9e0a1b3c47', name: 'Sea Point Flat' };

/** 08:00 in Johannesburg on Sunday 22 November 2026. */
export const NOW = new Date('2026-11-22T06:00:00Z');

/** A task as the API answers it: the Gardens geyser service, due in 20 days, unless overridden. */
export function maintenanceTask(overrides: Partial<MaintenanceTask> = {}): MaintenanceTask {
  return {
    id: 'task-geyser',
    title: 'Geyser service',
    description: 'Drain, check the anode and the pressure valve.',
    frequency: 'annually',
    priority: 'medium',
    next_due: '2026-12-12',
    assigned_to: null,
    property_id: GARDENS.id,
    property_name: GARDENS.name,
    standard_key: null,
    last_completed_on: null,
    history: [],
    created_at: '2026-01-05T08:00:00.000Z',
    updated_at: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}
