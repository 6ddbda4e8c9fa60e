// Fields shared by the inspections module's contracts: what an inspection is about, a true/false flag
// and a drawn signature.
import { z } from 'zod';
import { blankToNull as blank } from './shared-fields';

export const flag = (name: string) => z.boolean({ message: `${name} must be true or false` }).optional();
/** A signature drawn on the device: a PNG data URL. */
export const signature = z.preprocess(
  blank,
  z
    .string()
    .max(2_000_000, 'signature is too large')
    .regex(/^data:image\/png;base64,/, 'signature must be a PNG data URL')
    .nullable()
    .optional(),
);

/** What an inspection (and a template) is about. */
export const inspectionEntities = ['service', 'vehicle'] as const;
export type InspectionEntity = (typeof inspectionEntities)[number];
