import { describe, expect, it } from 'vitest';
import {
  completeMaintenanceTaskSchema,
  createMaintenanceTaskSchema,
  MAX_COMPLETION_COST,
  maintenanceTaskSchema,
  updateMaintenanceTaskSchema,
} from './maintenance.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('maintenanceTaskSchema', () => {
  const task = {
    title: 'Clean gutters',
    description: ' Before the winter rains ',
    frequency: 'bi-annually',
    priority: 'medium',
    next_due: '2026-04-15',
    assigned_to: ' Sipho ',
  };

  it('has the spec frequencies and priorities', () => {
    expect([...maintenanceTaskSchema.shape.frequency.options].sort()).toEqual([
      'annually',
      'bi-annually',
      'monthly',
      'quarterly',
    ]);
    expect(maintenanceTaskSchema.shape.priority.options).toEqual(['low', 'medium', 'high', 'critical']);
  });

  it('accepts a task', () => {
    expect(dataOf(maintenanceTaskSchema, task)).toEqual({
      title: 'Clean gutters',
      description: 'Before the winter rains',
      frequency: 'bi-annually',
      priority: 'medium',
      next_due: '2026-04-15',
      assigned_to: 'Sipho',
    });
  });

  it.each([[''], [null], [undefined]])('makes assigned_to %j null (Unassigned)', (assigned_to) => {
    expect(dataOf(maintenanceTaskSchema, { ...task, assigned_to }).assigned_to).toBeNull();
  });

  it('gives a message for each missing field', () => {
    expect(errorsOf(maintenanceTaskSchema, { title: ' ' })).toEqual({
      title: 'Title is required',
      frequency: 'Choose how often the task recurs',
      priority: 'Choose a priority',
      next_due: 'Next due date is required',
    });
  });

  it('refuses bad values', () => {
    expect(
      errorsOf(maintenanceTaskSchema, {
        ...task,
        description: 'd'.repeat(2001),
        frequency: 'weekly',
        priority: 'urgent',
        next_due: '15/04/2026',
        assigned_to: 'a'.repeat(101),
      }),
    ).toEqual({
      description: 'Description must be at most 2000 characters',
      frequency: 'Choose how often the task recurs',
      priority: 'Choose a priority',
      next_due: 'Enter a valid date',
      assigned_to: 'Assignee must be at most 100 characters',
    });
  });
});

describe('createMaintenanceTaskSchema, updateMaintenanceTaskSchema', () => {
  const task = {
    propertyId: 'p1',
    title: 'Service the geyser',
    frequency: 'annually',
    priority: 'high',
    next_due: '2027-01-31',
  };

  it('asks for a property on create', () => {
    expect(dataOf(createMaintenanceTaskSchema, task)).toMatchObject({ propertyId: 'p1', assigned_to: null });
    expect(errorsOf(createMaintenanceTaskSchema, { ...task, propertyId: ' ' })).toEqual({
      propertyId: 'Choose a property',
    });
  });

  it('on edit keeps what is absent, clears description and assignee with null or blank, and needs something', () => {
    expect(dataOf(updateMaintenanceTaskSchema, { priority: 'low' })).toEqual({ priority: 'low' });
    expect(dataOf(updateMaintenanceTaskSchema, { description: '', assigned_to: null })).toEqual({
      description: null,
      assigned_to: null,
    });
    expect(dataOf(updateMaintenanceTaskSchema, { assigned_to: ' Blue Pools ' })).toEqual({
      assigned_to: 'Blue Pools',
    });
    expect(errorsOf(updateMaintenanceTaskSchema, {})).toEqual({ '': 'Nothing to update' });
    expect(errorsOf(updateMaintenanceTaskSchema, { assigned_to: 5 })).toEqual({
      assigned_to: 'Assignee must be text',
    });
  });
});

describe('completeMaintenanceTaskSchema', () => {
  it('defaults every field to null', () => {
    expect(dataOf(completeMaintenanceTaskSchema, {})).toEqual({
      completed_on: null,
      notes: null,
      cost: null,
      completed_by: null,
      document_id: null,
    });
  });

  it('takes a date, notes, a cost in rand and cents, who did it and a document', () => {
    expect(
      dataOf(completeMaintenanceTaskSchema, {
        completed_on: '2026-11-20',
        notes: ' Flushed ',
        cost: 1250.75,
        completed_by: 'Geyser Guys',
        document_id: 'd1',
      }),
    ).toEqual({
      completed_on: '2026-11-20',
      notes: 'Flushed',
      cost: 1250.75,
      completed_by: 'Geyser Guys',
      document_id: 'd1',
    });
    expect(dataOf(completeMaintenanceTaskSchema, { cost: 0.1 + 0.2 }).cost).toBeCloseTo(0.3);
  });

  it.each([
    [{ cost: -1 }, 'cost', 'Cost cannot be negative'],
    [{ cost: MAX_COMPLETION_COST + 1 }, 'cost', 'Cost can be at most R10 000 000'],
    [{ cost: 1.005 }, 'cost', 'Cost has at most two decimals (cents)'],
    [{ cost: '12' }, 'cost', 'Cost must be an amount in rand'],
    [{ completed_on: '2026-02-30' }, 'completed_on', 'Enter a valid date'],
    [{ document_id: ' ' }, 'document_id', 'Invalid document id'],
  ])('refuses %j', (input, path, message) => {
    expect(errorsOf(completeMaintenanceTaskSchema, input)).toEqual({ [path]: message });
  });
});
