import type { LicenseRequestDetail } from '@licensure/contracts';
import { Alert, Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { type AvailableLicence, licensingApi, licensingKeys } from './licensing-api';
import { selectionKey, selectionsOf, toggleSelection } from './licensing-format';

interface ChooserProps {
  request: LicenseRequestDetail;
  licence: AvailableLicence | undefined;
  editable: boolean;
}

/** The licence's application types, each with a checkbox per level it applies to. */
export function ApplicationTypesChooser({ request, licence, editable }: ChooserProps) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(Object.keys(selectionsOf(request.application_types.filter((t) => t.checked)))),
  );
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      licensingApi.chooseApplicationTypes(
        request.id,
        Object.fromEntries([...chosen].map((key) => [key, true])),
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(licensingKeys.request(request.id), detail);
      setSaved(true);
    },
  });

  if (!editable) {
    const picked = request.application_types.filter((t) => t.checked);
    if (picked.length === 0) return <Text>No application type was chosen.</Text>;
    return (
      <ul>
        {picked.map((t) => (
          <li key={t.id}>
            {t.application_type_label}: {t.level_label}
          </li>
        ))}
      </ul>
    );
  }
  if (!licence) return <Text>The licence's application types could not be found.</Text>;
  if (licence.application_types.length === 0)
    return <Text>This licence has no application types to choose.</Text>;
  const levelById = new Map(licence.levels.map((l) => [l.id, l]));
  return (
    <Stack gap="sm">
      {licence.application_types.map((type) => {
        const levels = (
          type.license_category_levels.length ? type.license_category_levels : [...levelById.keys()]
        )
          .map((id) => levelById.get(id))
          .filter((l) => l !== undefined);
        return (
          <Fieldset key={type.id} legend={type.label}>
            <Stack gap="xs">
              {levels.length === 0 ? (
                <Text size="sm">No level is open for this application type.</Text>
              ) : null}
              {levels.map((level) => {
                const key = selectionKey(type.id, level.id);
                return (
                  <Checkbox
                    key={key}
                    label={`${type.label}: ${level.label}`}
                    description={level.category_label}
                    checked={chosen.has(key)}
                    onChange={(e) => {
                      setSaved(false);
                      setChosen(toggleSelection(chosen, key, e.currentTarget.checked));
                    }}
                  />
                );
              })}
            </Stack>
          </Fieldset>
        );
      })}
      {save.isError ? (
        <Alert color="red" title="The application types could not be saved" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save application types
        </Button>
        {saved ? (
          <Text role="status" size="sm">
            Application types saved.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
