import type { VisitOfflineBundle } from '@licensure/contracts';
import { Badge, Button, Checkbox, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { CommentItem } from './comment-item';
import { fieldDb, type OutboxEntry } from './offline/field-db';
import { addCommentWork } from './offline/field-store';
import { useLive } from './offline/use-field';
import { stateLabel } from './offline/visit-summary';

interface Shown {
  id: string;
  comment: string;
  show_on_pdf: boolean;
  resolved: boolean;
  byline: string;
  waiting: OutboxEntry['state'] | null;
}

/**
 * Comments of an inspection worked on from this device: those downloaded with the visit, and those
 * written here (with or without a connection) until the server has them.
 */
export function FieldComments({
  bundle,
  inspectionId,
  onAdded,
}: {
  bundle: VisitOfflineBundle;
  inspectionId: string;
  onAdded: () => void;
}) {
  const [text, setText] = useState('');
  const [onPdf, setOnPdf] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const waiting = useLive(
    () => fieldDb().outbox.where('visit_id').equals(bundle.visit.id).toArray(),
    bundle.visit.id,
  );
  const downloaded: Shown[] = bundle.comments
    .filter((c) => c.inspection_id === inspectionId)
    .map((c) => ({
      id: c.id,
      comment: c.comment,
      show_on_pdf: c.show_on_pdf,
      resolved: c.resolved,
      byline: `${c.author_name ?? 'Staff'}, ${new Date(c.created_at).toLocaleString()}`,
      waiting: null,
    }));
  const known = new Set(downloaded.map((c) => c.id));
  const local: Shown[] = (waiting ?? []).flatMap((e) =>
    e.change.kind === 'comment' &&
    e.change.comment.inspection_id === inspectionId &&
    !known.has(e.change.comment_id)
      ? [
          {
            id: e.change.comment_id,
            comment: e.change.comment.comment,
            show_on_pdf: e.change.comment.show_on_pdf ?? false,
            resolved: false,
            byline: `You, ${new Date(e.queued_at).toLocaleString()}`,
            waiting: e.state,
          },
        ]
      : [],
  );
  const items = [...downloaded, ...local];
  const add = async () => {
    try {
      await addCommentWork(inspectionId, text, onPdf);
      setText('');
      setOnPdf(false);
      setMessage({ error: false, text: 'The comment was kept on this device.' });
      onAdded();
    } catch (e) {
      setMessage({ error: true, text: (e as Error).message });
    }
  };

  return (
    <section aria-labelledby="field-comments-heading">
      <Title order={2} size="h3" id="field-comments-heading" mb="sm">
        Comments
      </Title>
      {items.length === 0 ? <Text mb="sm">No comments yet.</Text> : null}
      <List listStyleType="none" spacing="sm" mb="sm">
        {items.map((c) => (
          <List.Item key={c.id}>
            <CommentItem
              comment={c.comment}
              byline={c.byline}
              resolved={c.resolved}
              showOnPdf={c.show_on_pdf}
              state={
                c.waiting ? (
                  <Badge color={c.waiting === 'pending' ? 'gray' : 'red'} variant="light">
                    {stateLabel[c.waiting]}
                  </Badge>
                ) : null
              }
            />
          </List.Item>
        ))}
      </List>
      {message ? (
        <Text role={message.error ? 'alert' : 'status'} c={message.error ? 'red.8' : undefined} size="sm">
          {message.text}
        </Text>
      ) : null}
      <Stack gap="xs" maw={560}>
        <Textarea
          label="New comment"
          autosize
          minRows={2}
          maxLength={8000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Checkbox
          label="Print on the report"
          checked={onPdf}
          onChange={(e) => setOnPdf(e.currentTarget.checked)}
        />
        <Group>
          <Button variant="default" disabled={!text.trim()} onClick={() => void add()}>
            Add comment
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
