import { allowedUploadTypesInWords, type ServiceInspectionOutput } from '@licensure/contracts';
import { Alert, Button, Input, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { correctionKeys, correctionsApi } from './corrections-api';

/**
 * "Submit correction" for one open deficiency: what was done, and a document showing it (uploaded as a
 * file of the service, then attached to the inspection by the server). Staff review it.
 */
export function CorrectionForm({
  inspection,
  deficiencyId,
  label,
}: {
  inspection: Pick<ServiceInspectionOutput, 'id' | 'service_id'>;
  deficiencyId: string;
  label: string;
}) {
  const client = useQueryClient();
  const fileId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      correctionsApi.submit(inspection, { deficiency_id: deficiencyId, correction: text }, file),
    onSuccess: () => {
      setText('');
      setFile(null);
      void client.invalidateQueries({ queryKey: correctionKeys.serviceInspections });
    },
    onError: (e) => {
      if (e instanceof ApiError) setFieldError(e.fields.correction ?? e.fields.file ?? null);
    },
  });
  return (
    <form
      aria-label={`Submit a correction: ${label}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setFieldError('Say what was done to correct the deficiency.');
          return;
        }
        setFieldError(null);
        send.mutate();
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="What was done to correct it"
          required
          autosize
          minRows={2}
          maxLength={4000}
          value={text}
          error={fieldError}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Input.Wrapper
          id={fileId}
          label="Document showing the correction (optional)"
          description={`A photo, a scan or a record: ${allowedUploadTypesInWords}.`}
        >
          <input
            id={fileId}
            type="file"
            aria-describedby={`${fileId}-description`}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4 }}
          />
        </Input.Wrapper>
        {send.isError && !fieldError ? (
          <Alert color="red" role="alert" title="The correction was not sent">
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Submit correction
        </Button>
      </Stack>
    </form>
  );
}
