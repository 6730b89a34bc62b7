import { randomUUID } from 'node:crypto';

/** Makes the id that ties a generic failure message to its server-log record. */
export type CreateReference = () => string;

/** The default: a random UUID, which the sanitiser lets through. */
export const createReferenceId: CreateReference = () => randomUUID();
