import { describe, expect, it } from 'vitest';
import { maintenanceTaskSchema } from './maintenance.js';
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
