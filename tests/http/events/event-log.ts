// What the event log holds about one record, read the way the dispatcher and GET /events read it.
import { expect } from 'chai';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventData } from '../../../domain/events/event';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { HttpEnv } from '../../support/http';

/** The team's events about one record, oldest first. */
export function eventsAbout(env: HttpEnv, teamId: string, subjectId: string): Promise<EventData[]> {
  return env.runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox).listBySubject({ teamId }, subjectId);
}

/** Every event of the team, newest first (at most 500). */
export async function teamEvents(env: HttpEnv, teamId: string): Promise<EventData[]> {
  const page = await env.runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox).page({ teamId }, { limit: 500 });
  return page!.data;
}

/** The types of the events about one record, oldest first. */
export async function eventTypesAbout(env: HttpEnv, teamId: string, subjectId: string): Promise<string[]> {
  return (await eventsAbout(env, teamId, subjectId)).map((e) => e.type);
}

/**
 * Checks an event against what the API answers: its type, its subject, its object (the record as its GET
 * answers now) and, for a change, exactly the previous values of the fields that changed.
 */
export function expectEvent(
  event: EventData | undefined,
  type: string,
  object: Record<string, unknown>,
  previous?: Record<string, unknown>,
): void {
  expect(event, `an event ${type}`).to.not.equal(undefined);
  expect(event!.type).to.equal(type);
  expect(event!.subjectId).to.equal(object.id);
  expect(event!.status).to.equal('pending');
  expect(event!.data.object).to.deep.equal(object);
  if (previous === undefined) expect(event!.data).to.not.have.property('previous');
  else expect(event!.data.previous).to.deep.equal(previous);
}
