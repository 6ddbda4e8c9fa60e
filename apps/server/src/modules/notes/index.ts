import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { noteResource } from './notes.resources';

/** Staff notes on any record: `{note: {..., value}}`. */
export async function notesModule(app: FastifyInstance): Promise<void> {
  registerResource(app, noteResource);
}
