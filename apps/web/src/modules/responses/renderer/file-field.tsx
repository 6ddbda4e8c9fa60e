import type { FormQuestion } from '@licensure/contracts';
import { Anchor, Button, Group, Input, Text } from '@mantine/core';
import { useId, useRef } from 'react';
import type { DraftAnswer } from './answer-state';

export interface FileFieldProps {
  question: FormQuestion;
  answer: DraftAnswer | undefined;
  error?: string;
  disabled?: boolean;
  /** The file being uploaded for this question, if any. */
  uploading?: string | null;
  onChange(patch: Partial<DraftAnswer>): void;
  /** Called with the chosen file; the renderer uploads it and records the answer or the failure. */
  onFile(question: FormQuestion, file: File): void;
  documentHref?: (documentId: string) => string;
}

/** A file question: a native file input (labelled), then the stored file's name and a remove button. */
export function FileField({
  question: q,
  answer,
  error,
  disabled,
  uploading,
  onChange,
  onFile,
  documentHref,
}: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const fileName = answer?.document_id ? (answer.file_name ?? 'Uploaded file') : null;
  const id = `answer-${q.id}`;
  return (
    <Input.Wrapper
      id={id}
      label={q.label}
      description={q.help_text ?? 'PDF, image, Word, Excel or CSV file.'}
      error={error}
      required={q.required}
      withAsterisk={false}
      labelProps={q.required ? { 'data-required-mark': true } : undefined}
    >
      <div>
        <input
          ref={input}
          id={id}
          type="file"
          className="answer-file-input"
          disabled={disabled || !!uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-description`, error ? `${id}-error` : '', statusId]
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            if (chosen) onFile(q, chosen);
            // The same file may be chosen again after a failure.
            e.currentTarget.value = '';
          }}
        />
      </div>
      <div id={statusId} role="status" aria-live="polite">
        {uploading ? <Text size="sm">Uploading {uploading}…</Text> : null}
        {fileName && !uploading ? (
          <Group gap="sm" mt={6}>
            <Text size="sm">
              File:{' '}
              {documentHref && answer?.document_id ? (
                <Anchor href={documentHref(answer.document_id)} target="_blank" rel="noopener">
                  {fileName}
                </Anchor>
              ) : (
                <strong>{fileName}</strong>
              )}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={disabled}
              aria-label={`Remove file ${fileName}`}
              onClick={() => {
                onChange({ document_id: null, file_name: null });
                input.current?.focus();
              }}
            >
              Remove
            </Button>
          </Group>
        ) : null}
      </div>
    </Input.Wrapper>
  );
}
