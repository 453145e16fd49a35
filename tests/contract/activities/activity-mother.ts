import { ActivityData } from '../../../domain/activities/activity';

let seq = 0;
export const uuid = (n: number) => `0190a100-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Test data for activities: a valid record, overridden where a test cares. */
export const ActivityMother = {
  create(overrides: Partial<ActivityData> = {}): ActivityData {
    seq++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
    return {
      id: uuid(seq),
      teamId: uuid(0),
      type: 'task',
      title: `Activity ${seq}`,
      description: null,
      occurredAt: at,
      durationMinutes: null,
      isCompleted: false,
      dueDate: null,
      priority: null,
      tags: [],
      clientId: null,
      dealId: null,
      contractId: null,
      assignedTo: null,
      createdBy: null,
      createdAt: at,
      updatedAt: at,
      ...overrides,
    };
  },
  id: uuid,
};
