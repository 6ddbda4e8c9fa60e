import { allowedUploadTypesInWords, type DocumentRecord } from '@licensure/contracts';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { uploadDocument } from './documents-api';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; fraction: number }
  | { phase: 'done'; name: string }
  | { phase: 'failed'; name: string; message: string };

/**
 * Chooses a file and uploads it for a person (or with other upload fields), showing progress and the
 * server's message on failure. `onUploaded` may finish the work (attach the document to a record): its
 * failure is shown as the upload's.
 */
export function DocumentUpload({
  userId,
  fields,
  onUploaded,
}: {
  userId?: string;
  fields?: Record<string, string>;
  onUploaded(doc: DocumentRecord): void | Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const start = async (file: File) => {
    setState({ phase: 'uploading', name: file.name, fraction: 0 });
    try {
      const sent = fields ?? (userId ? { candidate_id: userId } : {});
      const doc = await uploadDocument(file, sent, (fraction) =>
        setState({ phase: 'uploading', name: file.name, fraction }),
      );
      await onUploaded(doc);
      setState({ phase: 'done', name: doc.name });
    } catch (error) {
      setState({ phase: 'failed', name: file.name, message: errorMessage(error) });
    }
  };

  const busy = state.phase === 'uploading';
  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 0;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <input
          ref={input}
          id={inputId}
          type="file"
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          tabIndex={-1}
          aria-hidden="true"
          aria-label="Choose a document to upload"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void start(file);
          }}
        />
        <Button
          variant="default"
          onClick={() => input.current?.click()}
          loading={busy}
          aria-describedby={`${inputId}-hint`}
        >
          Upload a document
        </Button>
        <Text size="sm" c="dimmed" id={`${inputId}-hint`}>
          {allowedUploadTypesInWords}.
        </Text>
      </Group>
      <div role="status" aria-live="polite">
        {state.phase === 'uploading' ? (
          <Stack gap={4}>
            <Text size="sm">
              Uploading {state.name}: {percent}%
            </Text>
            <Progress value={percent} aria-label={`Uploading ${state.name}`} maw={360} />
          </Stack>
        ) : null}
        {state.phase === 'done' ? <Text size="sm">Uploaded {state.name}.</Text> : null}
      </div>
      {state.phase === 'failed' ? (
        <Text size="sm" c="red.8" role="alert">
          {state.name} was not uploaded: {state.message}
        </Text>
      ) : null}
    </Stack>
  );
}
