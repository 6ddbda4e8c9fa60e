import type { FoundDeficiency, VisitOfflineBundle } from '@licensure/contracts';
import {
  Button,
  FileInput,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ConfirmDialog } from '../responses/confirm-dialog';

export type NewDeficiency = Pick<
  FoundDeficiency,
  'ip_deficiency_id' | 'ip_deficiency_category_id' | 'description'
>;

interface DeficienciesEditorProps {
  deficiencies: readonly FoundDeficiency[];
  lists: Pick<VisitOfflineBundle, 'deficiencies' | 'deficiency_categories'>;
  entity: 'service' | 'vehicle';
  disabled?: boolean;
  /** Offer to take photos (kept on the device until uploaded). */
  withPhotos?: boolean;
  /** Photos kept on this device by deficiency client id. */
  localPhotos?: Record<string, number>;
  onAdd(deficiency: NewDeficiency, photos: File[]): Promise<void>;
  onRemove(index: number): Promise<void>;
}

/** The deficiencies found on an inspection: listed, added from the list (with photos), removed after asking. */
export function DeficienciesEditor(props: DeficienciesEditorProps) {
  const { deficiencies, lists, entity, disabled } = props;
  const [chosen, setChosen] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const categoryOf = (id: string | null | undefined) =>
    lists.deficiency_categories.find((c) => c.id === id)?.label ?? null;
  const choices = lists.deficiencies
    .filter((d) => !d.entity || d.entity === entity)
    .map((d) => ({ value: d.id, label: d.label }));

  const add = async () => {
    const text = description.trim();
    if (!text) {
      setError('Describe the deficiency.');
      return;
    }
    const picked = lists.deficiencies.find((d) => d.id === chosen);
    setBusy(true);
    try {
      await props.onAdd(
        {
          ip_deficiency_id: picked?.id ?? null,
          ip_deficiency_category_id: picked?.ip_deficiency_category_id ?? null,
          description: text,
        },
        photos,
      );
      setChosen(null);
      setDescription('');
      setPhotos([]);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="deficiencies-heading">
      <Title order={2} size="h3" id="deficiencies-heading" mb="sm">
        Deficiencies
      </Title>
      {deficiencies.length === 0 ? <Text mb="sm">No deficiencies recorded.</Text> : null}
      {deficiencies.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped mb="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col">Category</Table.Th>
                <Table.Th scope="col">Due</Table.Th>
                <Table.Th scope="col">Photos</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deficiencies.map((d, i) => (
                <Table.Tr key={d.client_id ?? `${i}-${d.description}`}>
                  <Table.Td>{d.description}</Table.Td>
                  <Table.Td>{categoryOf(d.ip_deficiency_category_id) ?? '—'}</Table.Td>
                  <Table.Td>{d.due_date ?? '—'}</Table.Td>
                  <Table.Td>
                    {(d.photo_document_ids?.length ?? 0) +
                      (d.client_id ? (props.localPhotos?.[d.client_id] ?? 0) : 0)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={disabled}
                      onClick={() => setRemoving(i)}
                      aria-label={`Remove the deficiency ${d.description}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {!disabled ? (
        <Stack gap="sm" maw={560}>
          <Select
            label="Deficiency found"
            placeholder="Choose from the list"
            clearable
            searchable
            data={choices}
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              const label = lists.deficiencies.find((d) => d.id === v)?.label;
              if (label && !description.trim()) setDescription(label);
            }}
          />
          <Textarea
            label="Deficiency description"
            {...requiredLabelProps(true)}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={error}
          />
          {props.withPhotos ? (
            <FileInput
              label="Photos"
              description="Kept on this device and uploaded when the visit syncs"
              accept="image/*"
              multiple
              clearable
              value={photos}
              onChange={setPhotos}
            />
          ) : null}
          <Group>
            <Button variant="default" onClick={() => void add()} loading={busy}>
              Add deficiency
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this deficiency?"
        message={`“${removing !== null ? (deficiencies[removing]?.description ?? '') : ''}” will be removed from the inspection.`}
        confirmLabel="Remove"
        danger
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const index = removing;
          setRemoving(null);
          if (index !== null) void props.onRemove(index).catch((e: Error) => setError(e.message));
        }}
      />
    </section>
  );
}
