import type { TrainingOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { formatDate } from '../../platform/display/format';
import type { FlashState } from '../../platform/resources/flash-message';
import { educationApi } from './education-api';

/**
 * A course a person entered themselves, waiting for staff: who entered it and when, its certificate,
 * and the two decisions: verify (credits the hours) or reject with a reason the person is sent.
 */
export function SelfEnteredReview({
  course,
  canWrite,
  onVerified,
}: {
  course: TrainingOutput;
  canWrite: boolean;
  onVerified(): void;
}) {
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const verify = useMutation({
    mutationFn: () => api.post(`/api/EducationModule/VerifySelfEnteredCourse/${course.id}`),
    onSuccess: onVerified,
  });
  const reject = useMutation({
    mutationFn: () => educationApi.rejectSelfEntered(course.id, reason),
    onSuccess: (r) =>
      navigate('/staff/education/courses', {
        state: {
          flash: r.notified
            ? `“${course.name}” was rejected and ${course.entered_by_name ?? 'the person'} was sent the reason.`
            : `“${course.name}” was rejected. ${course.entered_by_name ?? 'The person'} has no email address: tell them the reason another way.`,
        } satisfies FlashState,
      }),
  });
  const { fields } = fieldErrorsOf(reject.error, ['reason']);
  const who = course.entered_by_name ?? 'a person without a name on record';
  return (
    <Alert color="yellow" title="Entered by the person, awaiting verification">
      <Stack gap="xs">
        <Text size="sm">{`Entered by ${who} on ${formatDate(course.created_at.slice(0, 10))}.`}</Text>
        <Text size="sm">
          Check the certificate; verifying credits the person with the course&apos;s hours, rejecting sends
          them your reason.
        </Text>
        {course.document_id ? (
          <Anchor href={`/api/Documents/${course.document_id}/content`}>Open the certificate</Anchor>
        ) : (
          <Text size="sm">No certificate was added.</Text>
        )}
        {canWrite ? (
          <Group gap="sm">
            <Button onClick={() => verify.mutate()} loading={verify.isPending}>
              Verify and credit the hours
            </Button>
            <Button color="red" variant="light" onClick={() => setRejecting(true)}>
              Reject…
            </Button>
          </Group>
        ) : null}
        {verify.isError ? (
          <Text c="var(--mantine-color-error)" role="alert" size="sm">
            {errorMessage(verify.error)}
          </Text>
        ) : null}
      </Stack>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={`Reject “${course.name}”?`}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {`Its hours will not count, and ${who} is sent the reason. The entry is kept, marked rejected.`}
            </Text>
            <TextInput
              label="Reason"
              {...requiredLabelProps(true)}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={2000}
              error={fields.reason}
              data-autofocus
            />
            {reject.isError && !fields.reason ? (
              <Text c="var(--mantine-color-error)" role="alert" size="sm">
                {errorMessage(reject.error)}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                Reject and send the reason
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
