import { type PermissionKey, permissionCatalog, permissionKeys } from '@licensure/contracts';
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { capitalise } from '../../platform/display/format';
import { type SecurityTemplate, templatesApi } from './security-api';
import { SecurityEditForm, SecurityEditShell } from './security-edit';
import { templatesPath } from './security-list-pages';
import { TemplateHolders } from './template-holders';

/** Permission keys by module (`users.read` is in `users`), in the catalogue's order. */
export function permissionGroups(): { module: string; keys: PermissionKey[] }[] {
  const groups = new Map<string, PermissionKey[]>();
  for (const key of permissionKeys) {
    const module = key.split('.')[0] ?? key;
    groups.set(module, [...(groups.get(module) ?? []), key]);
  }
  return [...groups].map(([module, keys]) => ({ module, keys }));
}

function TemplateForm({ record }: { record: SecurityTemplate | null }) {
  const [permissions, setPermissions] = useState<Set<string>>(() => new Set(record?.permissions ?? []));
  const [portalDefault, setPortalDefault] = useState(record?.is_portal_default ?? false);
  const toggle = (key: string, on: boolean) =>
    setPermissions((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <SecurityEditForm
      kind="templates"
      singular="security template"
      basePath={templatesPath}
      record={record}
      otherFields={['permissions', 'is_portal_default']}
      input={(common) => ({
        ...common,
        is_portal_default: portalDefault,
        permissions: permissionKeys.filter((k) => permissions.has(k)),
      })}
      save={templatesApi.save}
      remove={templatesApi.remove}
    >
      {(errors) => (
        <Stack gap="md">
          <Checkbox
            label="Every portal user holds this template"
            name="is_portal_default"
            checked={portalDefault}
            error={errors.is_portal_default}
            onChange={(event) => setPortalDefault(event.currentTarget.checked)}
          />
          <Fieldset legend="Permissions">
            <Stack gap="md">
              <Text size="sm" role="status">
                {permissions.size} of {permissionKeys.length} permissions chosen.
              </Text>
              {errors.permissions ? (
                <Text size="sm" c="red.8">
                  {errors.permissions}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {permissionGroups().map((group) => (
                  <Fieldset key={group.module} legend={capitalise(group.module)} variant="unstyled">
                    <Stack gap="xs">
                      {group.keys.map((key) => (
                        <Checkbox
                          key={key}
                          name="permissions"
                          value={key}
                          label={permissionCatalog[key]}
                          description={key}
                          checked={permissions.has(key)}
                          onChange={(event) => toggle(key, event.currentTarget.checked)}
                        />
                      ))}
                    </Stack>
                  </Fieldset>
                ))}
              </SimpleGrid>
            </Stack>
          </Fieldset>
        </Stack>
      )}
    </SecurityEditForm>
  );
}

/** `/staff/admin/security-templates/new` and `/:id`: name, description and the permission checkboxes. */
export function SecurityTemplateEditPage() {
  return (
    <SecurityEditShell
      kind="templates"
      singular="security template"
      basePath={templatesPath}
      load={templatesApi.get}
    >
      {(record) => (
        <Stack gap="xl">
          <TemplateForm record={record} />
          {record ? <TemplateHolders templateId={record.id} /> : null}
        </Stack>
      )}
    </SecurityEditShell>
  );
}
