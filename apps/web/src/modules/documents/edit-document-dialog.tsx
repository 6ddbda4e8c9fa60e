import { type DocumentRecord, referenceListByKey } from '@licensure/contracts';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { RefSelect } from '../../platform/resources/ref-select';
import { type DocumentChanges, documentsApi } from './documents-api';

interface EditDocumentDialogProps {
  document: DocumentRecord | null;
  onClose(): void;
  onSaved(doc: DocumentRecord): void;
}

/**
 * Changes a document's type, expiration date and lock. A locked document can only be unlocked; its
 * other fields open again once that is saved.
 */
export function EditDocumentDialog({ document, onClose, onSaved }: EditDocumentDialogProps) {
  return (
    <Modal.Root opened={document !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Edit {document?.name ?? 'document'}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {document ? (
            <EditForm key={document.id} doc={document} onClose={onClose} onSaved={onSaved} />
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

const documentTypes = referenceListByKey.get('document_types');

function EditForm({
  doc,
  onClose,
  onSaved,
}: {
  doc: DocumentRecord;
  onClose(): void;
  onSaved(d: DocumentRecord): void;
}) {
  const [typeId, setTypeId] = useState(doc.document_type_id ?? '');
  const [expires, setExpires] = useState(doc.expiration_date ?? '');
  const [locked, setLocked] = useState(doc.locked);
  const save = useMutation({
    mutationFn: (changes: DocumentChanges) => documentsApi.update(doc.id, changes),
    onSuccess: (result) => onSaved(result.document),
  });

  const submit = () => {
    // A locked document takes nothing but its unlocking.
    if (doc.locked) save.mutate({ locked });
    else save.mutate({ document_type_id: typeId || null, expiration_date: expires || null, locked });
  };
  const fieldsDisabled = doc.locked;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {doc.locked ? (
          <Text size="sm">This document is locked. Unlock it to change its type or expiration date.</Text>
        ) : null}
        {documentTypes ? (
          <RefSelect
            target={documentTypes}
            label="Document type"
            name="document_type_id"
            value={typeId}
            onChange={setTypeId}
            disabled={fieldsDisabled}
          />
        ) : null}
        <TextInput
          type="date"
          label="Expiration date"
          name="expiration_date"
          value={expires}
          onChange={(event) => setExpires(event.currentTarget.value)}
          disabled={fieldsDisabled}
          error={fieldErrorsOf(save.error, ['expiration_date']).fields.expiration_date}
          maw={220}
        />
        <Checkbox
          label="Locked (nobody can change or delete it while locked)"
          checked={locked}
          onChange={(event) => setLocked(event.currentTarget.checked)}
        />
        {save.isError ? (
          <Text c="var(--mantine-color-error)" role="alert" size="sm">
            {errorMessage(save.error)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={doc.locked && locked}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
