import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { Task, TaskChanges, resolveTaskColumn } from '../../../../domain/tasks/task';
import { taskSort } from '../../../../domain/tasks/task-repository';

const T0 = new Date('2026-01-10T10:00:00.000Z');
const T1 = new Date('2026-01-11T10:00:00.000Z');
const T2 = new Date('2026-01-12T10:00:00.000Z');
const PROJECT = '0190a0b0-0000-7000-8000-0000000000b1';
const PIPELINE = '0190a0b0-0000-7000-8000-0000000000e1';
const A = '0190a0b0-0000-7000-8000-0000000000a1';
const B = '0190a0b0-0000-7000-8000-0000000000a2';
const C = '0190a0b0-0000-7000-8000-0000000000a3';

const create = (input: Partial<TaskChanges> = {}): Task =>
  Task.create('t1', 'team-1', PROJECT, { pipelineId: PIPELINE, column: 'todo' }, { title: 'Write brief', ...input }, T0);

describe('Task', () => {
  describe('create', () => {
    it('applies the defaults: priority none, no assignees, position 0, active', () => {
      const s = create().snapshot();
      expect(s).to.include({
        projectId: PROJECT,
        pipelineId: PIPELINE,
        column: 'todo',
        priority: 'none',
        assigneeId: null,
        reporterId: null,
        description: null,
        estimatedHours: null,
        actualHours: null,
        position: 0,
        checklistMarkdown: null,
        completedAt: null,
        deletedAt: null,
      });
      expect(s.assigneeIds).to.deep.equal([]);
      expect(s.tags).to.deep.equal([]);
    });

    it('keeps assignee_id equal to the first of assignee_ids', () => {
      const s = create({ assigneeIds: [B, A] }).snapshot();
      expect(s.assigneeIds).to.deep.equal([B, A]);
      expect(s.assigneeId).to.equal(B);
    });

    it('prefers assignee_ids over assignee_id', () => {
      const s = create({ assigneeIds: [A, B], assigneeId: C }).snapshot();
      expect(s.assigneeIds).to.deep.equal([A, B]);
      expect(s.assigneeId).to.equal(A);
    });

    it('takes a lone assignee_id as the single assignee', () => {
      const s = create({ assigneeId: C }).snapshot();
      expect(s.assigneeIds).to.deep.equal([C]);
      expect(s.assigneeId).to.equal(C);
    });

    it('refuses malformed assignees, a blank title and an unknown priority', () => {
      expect(() => create({ assigneeIds: ['bob'] })).to.throw(ValidationFailed);
      expect(() => create({ title: '  ' })).to.throw(ValidationFailed);
      expect(() => create({ priority: 'critical' })).to.throw(ValidationFailed);
    });
  });

  describe('update', () => {
    it('resets assignee_id when assignee_ids changes', () => {
      const t = create({ assigneeIds: [A] });
      t.update({ assigneeIds: [C, B] }, undefined, T1);
      expect(t.snapshot()).to.include({ assigneeId: C, updatedAt: T1.toISOString() });
      t.update({ assigneeIds: [] }, undefined, T2);
      expect(t.snapshot().assigneeId).to.equal(null);
    });

    it('clears the assignees with assignee_id null', () => {
      const t = create({ assigneeIds: [A, B] });
      t.update({ assigneeId: null }, undefined, T1);
      expect(t.snapshot().assigneeIds).to.deep.equal([]);
      expect(t.snapshot().assigneeId).to.equal(null);
    });

    it('moves the task when a placement is given and keeps the project', () => {
      const t = create();
      t.update({}, { pipelineId: null, column: 'done' }, T1);
      expect(t.snapshot()).to.include({ pipelineId: null, column: 'done', projectId: PROJECT });
    });

    it('refuses an update without any field', () => {
      expect(() => create().update({}, undefined, T1)).to.throw(ValidationFailed);
    });

    it('is all or nothing', () => {
      const t = create();
      const before = t.snapshot();
      expect(() => t.update({ title: 'New', dueDate: 'soon' }, undefined, T1)).to.throw(ValidationFailed);
      expect(t.snapshot()).to.deep.equal(before);
    });
  });

  describe('delete', () => {
    it('soft deletes: the record stays with deleted_at set', () => {
      const t = create();
      expect(t.delete(T1)).to.deep.equal({ id: 't1', deletedAt: T1.toISOString() });
      expect(t.isDeleted).to.equal(true);
      expect(t.snapshot().title).to.equal('Write brief');
    });

    it('treats a deleted task as not found for a read, another delete or an update', () => {
      const t = create();
      expect(() => t.assertActive()).not.to.throw();
      t.delete(T1);
      expect(() => t.assertActive()).to.throw(NotFound, 'Task not found');
      expect(() => t.delete(T2)).to.throw(NotFound);
      expect(() => t.update({ title: 'x' }, undefined, T2)).to.throw(NotFound);
    });

    it('comes back with restoreDeleted', () => {
      const t = create();
      t.delete(T1);
      t.restoreDeleted(T2);
      expect(t.snapshot()).to.include({ deletedAt: null, updatedAt: T2.toISOString() });
    });
  });
});

describe('resolveTaskColumn', () => {
  it('uses the column asked for', () => {
    expect(resolveTaskColumn('doing', ['todo', 'doing'])).to.equal('doing');
  });

  it('defaults to the first column of the pipeline', () => {
    expect(resolveTaskColumn(undefined, ['todo', 'doing'])).to.equal('todo');
  });

  it('falls back to backlog when no column resolves', () => {
    expect(resolveTaskColumn(undefined, [])).to.equal('backlog');
  });
});

describe('taskSort', () => {
  it('defaults to newest first and takes listed fields', () => {
    expect(taskSort(undefined)).to.deep.equal({ field: 'created_at', descending: true });
    expect(taskSort('-priority')).to.deep.equal({ field: 'priority', descending: true });
  });

  it('refuses an unlisted field naming sort', () => {
    try {
      taskSort('name');
      expect.fail('expected an error');
    } catch (e) {
      expect(e).to.be.instanceOf(ValidationFailed);
      expect((e as ValidationFailed).details).to.deep.equal({ field: 'sort' });
    }
  });
});
