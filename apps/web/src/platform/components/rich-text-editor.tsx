import { Button, Group, Input, Paper } from '@mantine/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Text put at the cursor by the caller (a merge field): changes each time one is inserted. */
  insert?: { text: string; seq: number } | null;
  error?: string | null;
}

/**
 * The template and message editor: TipTap with a labelled, keyboard-reachable toolbar. The server
 * sanitises what it stores; this only edits.
 */
export function RichTextEditor({ label, value, onChange, insert, error }: Props) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        role: 'textbox',
        'aria-multiline': 'true',
        style: 'min-height: 12rem; padding: 0.5rem 0.75rem;',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  useEffect(() => {
    if (editor && insert) editor.chain().focus().insertContent(insert.text).run();
  }, [editor, insert]);
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !editor.isFocused)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const tool = (name: string, run: () => void, active: boolean) => (
    <Button
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      onClick={run}
      type="button"
    >
      {name}
    </Button>
  );
  return (
    <Input.Wrapper label={<span id={labelId}>{label}</span>} error={error}>
      <Paper withBorder radius="sm">
        {editor ? (
          <Group gap={4} p={4} role="toolbar" aria-label={`${label} formatting`}>
            {tool('Bold', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
            {tool('Italic', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
            {tool(
              'Heading',
              () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
              editor.isActive('heading'),
            )}
            {tool(
              'Bulleted list',
              () => editor.chain().focus().toggleBulletList().run(),
              editor.isActive('bulletList'),
            )}
            {tool(
              'Numbered list',
              () => editor.chain().focus().toggleOrderedList().run(),
              editor.isActive('orderedList'),
            )}
          </Group>
        ) : null}
        <EditorContent editor={editor} />
      </Paper>
    </Input.Wrapper>
  );
}
