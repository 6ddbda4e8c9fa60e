import { fbForms, positions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import type { ResourceHooks } from '../../platform/resources/register-resource';

/** fbformpositionpermissions: the form and the position must be records of the enterprise. */
export const formPositionPermissionHooks: ResourceHooks = {
  async validate(tx: Tx, input, enterpriseId) {
    const { form_id, position_id } = input;
    if (typeof form_id === 'string') {
      const [form] = await tx
        .select({ id: fbForms.id })
        .from(fbForms)
        .where(
          and(eq(fbForms.id, form_id), eq(fbForms.enterprise_id, enterpriseId), isNull(fbForms.deleted_at)),
        );
      if (!form) throw badRequest({ form_id: `There is no form ${form_id}.` });
    }
    if (typeof position_id === 'string') {
      const [position] = await tx
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.id, position_id), eq(positions.enterprise_id, enterpriseId)));
      if (!position) throw badRequest({ position_id: `There is no position ${position_id}.` });
    }
  },
};
