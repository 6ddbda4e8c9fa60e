import { Button, Checkbox, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { CommentItem } from './comment-item';
import { inspectionKeys, inspectionsApi } from './inspections-api';

/** Administrative comments on an inspection: added, resolved, and printed on the report or not. */
export function CommentsSection({ inspectionId, canWrite }: { inspectionId: string; canWrite: boolean }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [onPdf, setOnPdf] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const comments = useQuery({
    queryKey: inspectionKeys.comments(inspectionId),
    queryFn: () => inspectionsApi.comments(inspectionId),
  });
  const done = () => void client.invalidateQueries({ queryKey: inspectionKeys.comments(inspectionId) });
  const add = useMutation({
    mutationFn: () =>
      inspectionsApi.addComment({ inspection_id: inspectionId, comment: text.trim(), show_on_pdf: onPdf }),
    onSuccess: () => {
      setText('');
      setOnPdf(false);
      setError(null);
      done();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resolve' | 'toggle' }) =>
      action === 'resolve' ? inspectionsApi.resolveComment(id) : inspectionsApi.toggleComment(id),
    onSuccess: done,
    onError: (e) => setError(errorMessage(e)),
  });
  const items = comments.data?.items ?? [];
  return (
    <section aria-labelledby="comments-heading">
      <Title order={2} size="h3" id="comments-heading" mb="sm">
        Comments
      </Title>
      {comments.isSuccess && items.length === 0 ? <Text mb="sm">No comments yet.</Text> : null}
      <List listStyleType="none" spacing="sm" mb="sm">
        {items.map((c) => (
          <List.Item key={c.id}>
            <CommentItem
              comment={c.comment}
              byline={`${c.author_name ?? 'Staff'}, ${new Date(c.created_at).toLocaleString()}`}
              resolved={c.resolved}
              showOnPdf={c.show_on_pdf}
            >
              {canWrite ? (
                <Group gap="xs">
                  {!c.resolved ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => act.mutate({ id: c.id, action: 'resolve' })}
                    >
                      Resolve
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => act.mutate({ id: c.id, action: 'toggle' })}
                  >
                    {c.show_on_pdf ? 'Leave off the report' : 'Print on the report'}
                  </Button>
                </Group>
              ) : null}
            </CommentItem>
          </List.Item>
        ))}
      </List>
      {error ? (
        <Text role="alert" c="red.8" size="sm">
          {error}
        </Text>
      ) : null}
      {canWrite ? (
        <Stack gap="xs" maw={560}>
          <Textarea
            label="New comment"
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Checkbox
            label="Print on the report"
            checked={onPdf}
            onChange={(e) => setOnPdf(e.currentTarget.checked)}
          />
          <Group>
            <Button
              variant="default"
              disabled={!text.trim()}
              loading={add.isPending}
              onClick={() => add.mutate()}
            >
              Add comment
            </Button>
          </Group>
        </Stack>
      ) : null}
    </section>
  );
}
