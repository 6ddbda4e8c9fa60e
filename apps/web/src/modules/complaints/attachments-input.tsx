import { Input, List, Text } from '@mantine/core';
import { useId } from 'react';

const MAX_FILES = 5;

/**
 * The files attached to a complaint: a native file input (its label and description read out with it,
 * reachable and operable by keyboard as browsers make it) and the list of the files chosen.
 */
export function AttachmentsInput({
  files,
  onChange,
  error,
}: {
  files: File[];
  onChange(files: File[]): void;
  error?: string;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label="Attach files (photos, documents)"
      description={`Up to ${MAX_FILES} files: PDF, images or office documents.`}
      error={error}
    >
      <input
        id={id}
        type="file"
        multiple
        accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.txt,application/pdf,image/*"
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(Array.from(e.currentTarget.files ?? []).slice(0, MAX_FILES))}
        style={{ display: 'block', marginTop: 4 }}
      />
      {files.length > 0 ? (
        <List size="sm" mt="xs" aria-label="Files chosen">
          {files.map((f) => (
            <List.Item key={`${f.name}:${f.size}`}>{`${f.name} (${Math.ceil(f.size / 1024)} KB)`}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" mt="xs">
          No files chosen.
        </Text>
      )}
    </Input.Wrapper>
  );
}
