import { z } from 'zod';

/** How a record names a person who is no longer in the organisation holding it (issue 29 §4). */
export const FORMER_MEMBER = 'A former member';

/**
 * The person who did something (completed a task, started a claim, asked for a call): their id and
 * their name as it is now; id null and "A former member" once they are no longer a member of the
 * organisation that holds the record (removed, deleted, or the property sold with its history).
 */
export const actingPersonSchema = z
  .object({
    id: z.string().nullable().meta({ description: 'The user; null once they are no longer a member' }),
    name: z.string().meta({ description: `Their full name, or '${FORMER_MEMBER}'` }),
  })
  .meta({ id: 'ActingPerson' });
export type ActingPerson = z.infer<typeof actingPersonSchema>;

/**
 * The person a record names, from the user joined to it only while they are a member of the record's
 * organisation (a null id: no such member, whatever the record once said).
 */
export function actingPerson(member: {
  id: string | null;
  first_name: string | null;
  last_name: string | null;
}): ActingPerson {
  if (member.id === null) return { id: null, name: FORMER_MEMBER };
  const name = [member.first_name, member.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return { id: member.id, name: name || FORMER_MEMBER };
}
